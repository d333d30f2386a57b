/*
 * replay_main.c - runs a fuzz target's LLVMFuzzerTestOneInput on files
 * without libFuzzer, so the seed corpus and the saved crashes
 * (tests/fuzz/regressions/) are replayed by every build, sanitized or not.
 *
 * usage: replay_TARGET PATH...   (a directory: every regular file in it)
 * Exit status 0 when every input ran; a crash is the sanitizer's or the
 * signal's; an unreadable path is exit status 2.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 2;
    }
    size_t cap = 4096, size = 0;
    uint8_t *data = malloc(cap);
    size_t n;
    while (data && (n = fread(data + size, 1, cap - size, f)) > 0) {
        size += n;
        if (size == cap)
            data = realloc(data, cap *= 2);
    }
    fclose(f);
    if (!data) {
        fprintf(stderr, "%s: out of memory\n", path);
        return 2;
    }
    /* An exact-size copy, so ASan catches a read one byte past the input. */
    uint8_t *exact = malloc(size ? size : 1);
    memcpy(exact, data, size);
    free(data);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    return 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Files of a directory in name order: the replay is the same every run. */
static int replay_dir(const char *path, size_t *count)
{
    DIR *dir = opendir(path);
    if (!dir) {
        perror(path);
        return 2;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(dir))) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap)
            names = realloc(names, (cap = cap ? cap * 2 : 16) * sizeof *names);
        names[n++] = strdup(e->d_name);
    }
    closedir(dir);
    if (n > 1)
        qsort(names, n, sizeof *names, compare_names);
    int status = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(path) + strlen(names[i]) + 2;
        char *full = malloc(len);
        snprintf(full, len, "%s/%s", path, names[i]);
        struct stat st;
        if (stat(full, &st) == 0 && S_ISREG(st.st_mode)) {
            if (replay_file(full) != 0)
                status = 2;
            else
                (*count)++;
        }
        free(full);
        free(names[i]);
    }
    free(names);
    return status;
}

int main(int argc, char **argv)
{
    int status = 0;
    size_t count = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            status = 2;
        } else if (S_ISDIR(st.st_mode)) {
            if (replay_dir(argv[i], &count) != 0)
                status = 2;
        } else if (replay_file(argv[i]) != 0) {
            status = 2;
        } else {
            count++;
        }
    }
    printf("replayed %zu inputs\n", count);
    return status;
}
