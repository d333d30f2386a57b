/*
 * source.h - reading the analysed source files back, for the reporters:
 * the text report quotes their lines, the NOLINT pass (suppress.c) scans
 * them for suppression comments.  Internal to report/.
 */
#ifndef VKSYNC_REPORT_SOURCE_H
#define VKSYNC_REPORT_SOURCE_H

#include <stddef.h>

/* The whole file in a malloc'd buffer (not NUL-terminated; *size bytes), or
   NULL when it cannot be read.  The caller frees it. */
char *vks_read_source_file(const char *path, size_t *size);

#endif
