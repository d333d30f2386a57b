# robust.cmake - bad input, determinism and no-side-effect tests, and the
# sanitizer environment (included from tests/CMakeLists.txt).
set(VKS_ROBUST_DIR ${CMAKE_CURRENT_SOURCE_DIR}/robust)

# The bad-input table: each bad input alongside a good file; exit status 2,
# the file named, the good file's finding still reported.  Includes a
# 50,000-line function: the TIMEOUT is the "must not hang" check, generous
# for a sanitizer build on a busy machine.
add_test(NAME robust.bad_input
         COMMAND ${VKS_ROBUST_DIR}/bad_input.sh $<TARGET_FILE:vksync-lint> ${PROJECT_SOURCE_DIR})
set_tests_properties(robust.bad_input PROPERTIES TIMEOUT 900)

# A limit reached is vksync-incomplete and exit status 2: solver timeout,
# budget and resource limit through the real Z3, and the front end's bounds
# on paths, decisions per path, helper nesting and loop iterations.
add_test(NAME robust.solver_limits
         COMMAND ${VKS_ROBUST_DIR}/solver_limits.sh $<TARGET_FILE:vksync-lint> ${PROJECT_SOURCE_DIR})
set_tests_properties(robust.solver_limits PROPERTIES TIMEOUT 900)

# Same input, same bytes out: text and SARIF over examples/, twice with -j 1
# and with -j 2, and -o FILE equal to stdout.
add_test(NAME robust.determinism
         COMMAND ${VKS_ROBUST_DIR}/determinism.sh $<TARGET_FILE:vksync-lint> ${PROJECT_SOURCE_DIR})

# Writes nothing but -o's file (not in the project, HOME or TMPDIR) and
# executes nothing named by the analysed project.
add_test(NAME robust.no_side_effects
         COMMAND ${VKS_ROBUST_DIR}/no_side_effects.sh $<TARGET_FILE:vksync-lint> ${PROJECT_SOURCE_DIR})

# In a -DVKSYNC_SANITIZE=ON tree every test runs with the sanitizer options:
# UBSan stops at the first report with a stack, LeakSanitizer uses the
# suppressions in tests/lsan.supp.
# Tests labelled no-sanitize are skipped by scripts/test.sh's sanitizer run
# (ctest -LE no-sanitize).
function(vks_apply_sanitizer_environment)
  if(NOT VKSYNC_SANITIZE)
    return()
  endif()
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(t ${tests})
    set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT
      "ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
      "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1"
      "LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
  endforeach()
endfunction()
