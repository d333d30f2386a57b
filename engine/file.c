/*
 * file.c - a file read whole (include/vksync/file.h).
 */
#include "vksync/file.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

vks_read_status vks_read_file(const char *path, char **data, size_t *size)
{
    *data = NULL;
    *size = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return VKS_READ_CANNOT_OPEN;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? cap * 2 : 65536;
            char *grown = realloc(buf, cap + 1);
            if (!grown) {
                free(buf);
                fclose(f);
                return VKS_READ_NO_MEMORY;
            }
            buf = grown;
        }
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
    }
    bool failed = ferror(f);
    int saved = errno;
    fclose(f);
    errno = saved;
    if (failed) {
        free(buf);
        return VKS_READ_FAILED;
    }
    buf[len] = 0;
    *data = buf;
    *size = len;
    return VKS_READ_OK;
}
