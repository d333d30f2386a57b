/*
 * inputs.c - from the FILE arguments to the list of inputs
 * (docs/design.md, "Command line": a .c, .spv or .spvasm file, or a
 * directory: its files, recursively).  Directory contents are sorted
 * byte-wise so the output does not depend on the file system's order;
 * entries whose names start with '.' (.git, .cache) are skipped, and
 * symbolic links to directories are not followed (no cycles).  An input
 * error is one line on stderr and the other arguments are still expanded
 * and analysed.
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "vksync/analyzer.h"

void cli_input_error(cli_session *session, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *line = NULL;
    size_t size = 0;
    FILE *s = open_memstream(&line, &size);
    vfprintf(s, fmt, ap);
    fclose(s);
    va_end(ap);
    fprintf(stderr, "vksync-lint: error: %s\n", line);
    const char *copy = vks_arena_strdup(session->arena, line);
    free(line);
    VKS_PUSH(session->arena, session->errors, session->error_count,
             session->error_cap, copy);
}

static bool has_suffix(const char *path, const char *suffix)
{
    size_t n = strlen(path), k = strlen(suffix);
    return n > k && strcmp(path + n - k, suffix) == 0;
}

/* The kind of a file by its name; false when vksync-lint does not read it.
   Headers count only when named explicitly: a directory's .h files are
   reached through the .c files that include them. */
static bool input_kind_of(const char *path, bool explicit_file,
                          cli_input_kind *kind)
{
    if (has_suffix(path, ".c") || (explicit_file && has_suffix(path, ".h")))
        *kind = CLI_INPUT_C;
    else if (has_suffix(path, ".spv"))
        *kind = CLI_INPUT_SPIRV_BINARY;
    else if (has_suffix(path, ".spvasm"))
        *kind = CLI_INPUT_SPIRV_ASM;
    else
        return false;
    return true;
}

static void add_input(cli_session *session, const char *path,
                      cli_input_kind kind)
{
    cli_input input = {.path = path, .kind = kind};
    VKS_PUSH(session->arena, session->inputs, session->input_count,
             session->input_cap, input);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Adds the inputs under dir; returns how many it found, or -1 (after
   reporting it) when dir itself cannot be read. */
static long collect_directory(cli_session *session, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        cli_input_error(session, "%s: %s", dir, strerror(errno));
        return -1;
    }
    const char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *entry;
    while ((entry = readdir(d)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        const char *name = vks_arena_strdup(session->arena, entry->d_name);
        VKS_PUSH(session->arena, names, count, cap, name);
    }
    closedir(d);
    if (count)
        qsort(names, count, sizeof *names, compare_names);

    size_t dir_len = strlen(dir);
    bool has_slash = dir_len && dir[dir_len - 1] == '/';
    long found = 0;
    for (size_t i = 0; i < count; i++) {
        const char *path = vks_arena_printf(session->arena, "%s%s%s", dir,
                                            has_slash ? "" : "/", names[i]);
        struct stat link_st, st;
        if (lstat(path, &link_st) != 0 || stat(path, &st) != 0)
            continue; /* vanished, or a dangling link: not an input */
        cli_input_kind kind;
        if (S_ISDIR(st.st_mode)) {
            long below = S_ISLNK(link_st.st_mode) ? 0
                                                  : collect_directory(session, path);
            found += below > 0 ? below : 0;
        } else if (S_ISREG(st.st_mode) && input_kind_of(path, false, &kind)) {
            add_input(session, path, kind);
            found++;
        }
    }
    return found;
}

void cli_collect_inputs(cli_session *session, const cli_options *options)
{
    /* `vksync-lint -p DIR` alone: every file of the database (an unloadable
       database is reported by check_compilation_database). */
    if (options->file_count == 0 && options->compdb_dir) {
        const char **files;
        size_t count;
        if (vks_compdb_files(options->compdb_dir, session->arena, &files, &count) == 0) {
            for (size_t i = 0; i < count; i++)
                add_input(session, files[i], CLI_INPUT_C);
            if (count == 0)
                cli_input_error(session, "%s/compile_commands.json: no files",
                                options->compdb_dir);
        }
        return;
    }
    for (size_t i = 0; i < options->file_count; i++) {
        const char *path = options->files[i];
        struct stat st;
        cli_input_kind kind;
        if (stat(path, &st) != 0)
            cli_input_error(session, "%s: %s", path, strerror(errno));
        else if (S_ISDIR(st.st_mode)) {
            if (collect_directory(session, path) == 0)
                cli_input_error(session,
                                "%s: no .c, .spv or .spvasm files in directory",
                                path);
        } else if (!input_kind_of(path, true, &kind))
            cli_input_error(session,
                            "%s: not a .c, .h, .spv or .spvasm file", path);
        else
            add_input(session, path, kind);
    }
}
