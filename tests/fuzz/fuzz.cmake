# fuzz.cmake - the libFuzzer targets (included from tests/CMakeLists.txt).
#
# Each tests/fuzz/fuzz_<target>.c defines LLVMFuzzerTestOneInput.  Every tree
# builds replay_<target> (the target plus replay_main.c) and the test
# fuzz.replay.<target> feeds it the seed corpus and every saved crash in
# tests/fuzz/regressions/<target>/: a crash found once stays fixed, in the
# normal build and under the sanitizers.
#
# A -DVKSYNC_FUZZ=ON tree (clang) also builds fuzz_<target> linked with
# libFuzzer and runs it for VKSYNC_FUZZ_SECONDS with a fixed seed
# (fuzz.run.<target>).  libFuzzer writes the inputs it finds to the first
# corpus directory, so that is one in the build tree: the source tree is only
# read.  A crash lands in the build tree as crash-<sha1>; copy it to
# tests/fuzz/regressions/<target>/ and fix the bug.
set(VKSYNC_FUZZ_SECONDS 20 CACHE STRING "seconds per fuzz target in fuzz.run.* tests")
set(VKSYNC_FUZZ_SEED 1 CACHE STRING "libFuzzer -seed for fuzz.run.* tests")

set(VKS_FUZZ_DIR ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)
set(VKS_FUZZ_LIBS vksync_spirv vksync_smt vksync_engine vksync_report vksync_core)

# vks_fuzz_target(NAME [SHARED_SOURCE...]): fuzz_NAME.c plus the shared files.
function(vks_fuzz_target name)
  set(sources ${VKS_FUZZ_DIR}/fuzz_${name}.c ${VKS_FUZZ_DIR}/fuzz_util.c)
  foreach(extra ${ARGN})
    list(APPEND sources ${VKS_FUZZ_DIR}/${extra})
  endforeach()
  add_executable(replay_${name} ${sources} ${VKS_FUZZ_DIR}/replay_main.c)
  target_include_directories(replay_${name} PRIVATE ${VULKAN_INCLUDE_DIR})
  target_link_libraries(replay_${name} PRIVATE ${VKS_FUZZ_LIBS})
  add_test(NAME fuzz.replay.${name}
           COMMAND replay_${name} ${VKS_FUZZ_DIR}/corpus/${name} ${VKS_FUZZ_DIR}/regressions/${name})

  if(VKSYNC_FUZZ)
    add_executable(fuzz_${name} ${sources})
    target_include_directories(fuzz_${name} PRIVATE ${VULKAN_INCLUDE_DIR})
    target_compile_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
    target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
    target_link_libraries(fuzz_${name} PRIVATE ${VKS_FUZZ_LIBS})
    set(work ${CMAKE_CURRENT_BINARY_DIR}/fuzz-work/${name})
    file(MAKE_DIRECTORY ${work}/corpus ${work}/artifacts)
    add_test(NAME fuzz.run.${name}
             COMMAND fuzz_${name} -seed=${VKSYNC_FUZZ_SEED}
                     -max_total_time=${VKSYNC_FUZZ_SECONDS}
                     -print_final_stats=1 -artifact_prefix=${work}/artifacts/
                     ${work}/corpus ${VKS_FUZZ_DIR}/corpus/${name})
    set_tests_properties(fuzz.run.${name} PROPERTIES LABELS fuzz
                         TIMEOUT 300)
  endif()
endfunction()

vks_fuzz_target(ir)
vks_fuzz_target(spirv fuzz_spirv_module.c)
vks_fuzz_target(spvasm fuzz_spirv_module.c)
