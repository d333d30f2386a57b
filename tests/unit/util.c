/* test_util.c - see util.h. */
#include "util.h"

#include <stdlib.h>

vks_loc test_loc(unsigned line)
{
    return (vks_loc){.file = "test.c", .line = line, .col = 5};
}

int test_run_suite(Suite *suite)
{
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
