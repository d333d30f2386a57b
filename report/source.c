/*
 * source.c - a source file read whole, for the reporters (source.h).
 */
#include "source.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

char *vks_read_source_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            char *grown = realloc(buf, cap * 2);
            if (!grown) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
            cap *= 2;
        }
    }
    bool failed = ferror(f);
    fclose(f);
    if (!buf || failed) {
        free(buf);
        return NULL;
    }
    *size = len;
    return buf;
}
