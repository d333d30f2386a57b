/*
 * smt.h - the Z3 encodings (smt/); Z3's types never leave smt/.
 */
#ifndef VKSYNC_SMT_H
#define VKSYNC_SMT_H

#include <stdio.h>

/* "Z3 4.8.12" - for --version. */
const char *vks_smt_version(void);

#endif
