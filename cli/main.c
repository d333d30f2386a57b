/* main.c - vksync-lint's command line (in progress). */
#include <stdio.h>

#include "vksync/smt.h"

int main(int argc, char **argv)
{
    (void)argc; (void)argv;
    printf("vksync-lint %s (%s)\n", VKS_VERSION, vks_smt_version());
    return 0;
}
