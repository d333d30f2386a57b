/*
 * file.h - a file read whole: the shader loader reads a .spv or .spvasm
 * with it, the reporters the source files they quote and scan for NOLINT
 * comments.
 */
#ifndef VKSYNC_FILE_H
#define VKSYNC_FILE_H

#include <stddef.h>

typedef enum {
    VKS_READ_OK,
    VKS_READ_CANNOT_OPEN, /* fopen failed; errno says why */
    VKS_READ_NO_MEMORY,   /* the file does not fit in memory */
    VKS_READ_FAILED,      /* a read failed; errno says why */
} vks_read_status;

/* Reads PATH whole into *data, a malloc'd buffer the caller frees: *size
   bytes followed by a NUL, so a text file is also a string.  On failure
   *data is NULL and *size 0. */
vks_read_status vks_read_file(const char *path, char **data, size_t *size);

#endif
