/*
 * config.c - the configuration file, as clang-tidy's .clang-tidy
 * (docs/conventions.md, "clang-tidy"): the closest `.vksync-lint` in the
 * directory of the first input or one of its parents (of the working
 * directory when no file is named), or the file --config-file names.
 *
 * It is YAML, of which vksync-lint reads two keys:
 *
 *   Checks: '-*,hazard-*'          # rules to enable/disable, as --checks
 *   WarningsAsErrors: 'vksync-*'   # as --warnings-as-errors
 *
 * Values are plain, 'single-' or "double-quoted" scalars (a quoted value may
 * go on over several lines, as `.clang-tidy` files often do), or `>`/`|`
 * block scalars whose indented lines follow; '#' starts a comment; `---` and
 * `...` are ignored.  Any other key, a key given twice, an unterminated
 * quote or an invalid glob is an error naming FILE:LINE, exit status 2.
 *
 * The command line is applied after the file, as in clang-tidy: `--checks`
 * is appended to the file's Checks (so `--checks=-perf-*` removes rules the
 * file enabled), `--warnings-as-errors` to its WarningsAsErrors.  Every rule
 * is enabled before either is applied.
 *
 * vksync-lint analyses its inputs as one program, so a run has one
 * configuration, where clang-tidy has one per file: inputs under another
 * `.vksync-lint` than the first input's get a warning on stderr.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

#define CONFIG_NAME ".vksync-lint"

static int config_error(const char *path, unsigned line, const char *what,
                        const char *detail)
{
    if (line)
        fprintf(stderr, "vksync-lint: error: %s:%u: %s%s\n", path, line, what,
                detail);
    else
        fprintf(stderr, "vksync-lint: error: %s: %s%s\n", path, what, detail);
    return 2;
}

/* The closest CONFIG_NAME in DIR or a parent of it, or NULL. */
static const char *closest_config(vks_arena *arena, const char *dir)
{
    char resolved[PATH_MAX];
    if (!realpath(dir, resolved))
        return NULL;
    for (;;) {
        const char *candidate = vks_arena_printf(
            arena, "%s/%s", strcmp(resolved, "/") == 0 ? "" : resolved,
            CONFIG_NAME);
        struct stat st;
        if (stat(candidate, &st) == 0 && S_ISREG(st.st_mode))
            return candidate;
        char *slash = strrchr(resolved, '/');
        if (!slash || strcmp(resolved, "/") == 0)
            return NULL;
        if (slash == resolved)
            slash[1] = '\0';
        else
            *slash = '\0';
    }
}

/* The directory a FILE argument's configuration is searched from. */
static const char *start_directory(vks_arena *arena, const char *input)
{
    struct stat st;
    if (stat(input, &st) == 0 && S_ISDIR(st.st_mode))
        return input;
    const char *slash = strrchr(input, '/');
    if (!slash)
        return ".";
    if (slash == input)
        return "/";
    return vks_arena_printf(arena, "%.*s", (int)(slash - input), input);
}

/* ---- the tiny YAML reader */

typedef struct {
    const char *path;
    char **lines;
    size_t count;
    size_t next;      /* index of the next line to read */
} yaml_lines;

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' ||
                 s[n - 1] == '\n'))
        s[--n] = '\0';
    return s;
}

/* A comment ends the line where '#' follows a blank (YAML's rule). */
static void strip_comment(char *s)
{
    for (char *p = s; *p; p++)
        if (*p == '#' && (p == s || p[-1] == ' ' || p[-1] == '\t')) {
            *p = '\0';
            return;
        }
}

/*
 * A quoted scalar starting at TEXT (after its opening QUOTE), possibly on
 * several lines (each line break folds into a blank).  Returns NULL after
 * reporting an unterminated quote or text after the closing quote.
 */
static const char *read_quoted(vks_arena *arena, yaml_lines *y, unsigned line,
                               char *text, char quote)
{
    char *out = NULL;
    size_t len = 0;
    FILE *s = open_memstream(&out, &len);
    for (;;) {
        char *p = text;
        for (; *p; p++) {
            if (*p != quote)
                fputc(*p, s);
            else if (quote == '\'' && p[1] == '\'')
                fputc(*p++, s);   /* '' is one quote in single quotes */
            else
                break;
        }
        if (*p == quote) {
            strip_comment(p + 1);
            fclose(s);
            const char *value = vks_arena_strdup(arena, out);
            free(out);
            if (*trim(p + 1)) {
                config_error(y->path, line, "text after the closing quote", "");
                return NULL;
            }
            return value;
        }
        if (y->next >= y->count) {
            fclose(s);
            free(out);
            config_error(y->path, line, "unterminated quoted value", "");
            return NULL;
        }
        fputc(' ', s);
        text = trim(y->lines[y->next++]);
    }
}

/* A `>` or `|` block scalar: the indented lines that follow, joined. */
static const char *read_block(vks_arena *arena, yaml_lines *y)
{
    const char *value = "";
    while (y->next < y->count) {
        char *raw = y->lines[y->next];
        if (raw[0] != ' ' && raw[0] != '\t' && *trim(raw))
            break;
        y->next++;
        strip_comment(raw);
        char *text = trim(raw);
        if (*text)
            value = *value ? vks_arena_printf(arena, "%s %s", value, text)
                           : vks_arena_strdup(arena, text);
    }
    return value;
}

/* Reads PATH's Checks and WarningsAsErrors into CONFIG; 2 when malformed. */
static int read_config_file(vks_arena *arena, const char *path,
                            cli_config *config)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return config_error(path, 0, strerror(errno), "");
    yaml_lines y = {.path = path};
    size_t cap = 0;
    char *line = NULL;
    size_t line_cap = 0;
    while (getline(&line, &line_cap, f) >= 0) {
        const char *copy = vks_arena_strdup(arena, line);
        VKS_PUSH(arena, y.lines, y.count, cap, (char *)copy);
    }
    free(line);
    fclose(f);

    while (y.next < y.count) {
        unsigned line_no = (unsigned)y.next + 1;
        char *raw = y.lines[y.next++];
        bool indented = raw[0] == ' ' || raw[0] == '\t';
        char *text = trim(raw);
        if (!*text || *text == '#' || strcmp(text, "---") == 0 ||
            strcmp(text, "...") == 0)
            continue;
        if (indented)
            return config_error(path, line_no, "unexpected indented line", "");
        char *colon = strchr(text, ':');
        if (!colon)
            return config_error(path, line_no, "expected 'Key: value', got: ",
                                text);
        *colon = '\0';
        text = trim(text);  /* "Checks :" is YAML too */
        const char **slot;
        if (strcmp(text, "Checks") == 0)
            slot = &config->file_checks;
        else if (strcmp(text, "WarningsAsErrors") == 0)
            slot = &config->file_warnings_as_errors;
        else
            return config_error(path, line_no, "unknown key (vksync-lint reads "
                                "Checks and WarningsAsErrors): ", text);
        if (*slot)
            return config_error(path, line_no, "key given twice: ", text);
        char *value = trim(colon + 1);
        if (*value == '\'' || *value == '"')
            *slot = read_quoted(arena, &y, line_no, value + 1, *value);
        else if (*value == '>' || *value == '|')
            *slot = read_block(arena, &y);
        else {
            strip_comment(value);
            *slot = vks_arena_strdup(arena, trim(value));
        }
        if (!*slot)
            return 2;
        bool scratch[VKS_RULE_COUNT] = {0};
        const char *bad;
        if (**slot && !vks_apply_rule_globs(scratch, *slot, &bad))
            return config_error(path, line_no, "invalid glob: ", bad);
    }
    config->file = path;
    return CLI_CONTINUE;
}

/* ---- the effective configuration and what it is built from */

typedef struct {
    const char *globs;
    const char *source; /* for --explain-config */
} glob_source;

/* The glob lists that set one flag, in the order they apply. */
static size_t glob_sources(const cli_options *o, bool as_error,
                           glob_source *out, vks_arena *arena)
{
    size_t n = 0;
    const char *file_value = as_error ? o->config.file_warnings_as_errors
                                      : o->config.file_checks;
    if (!as_error)
        out[n++] = (glob_source){"*", "the built-in default (every rule)"};
    if (file_value && *file_value)
        out[n++] = (glob_source){file_value,
                                 vks_arena_printf(arena, "the config file %s",
                                                  o->config.file)};
    const char *const *cli = as_error ? o->warnings_as_errors : o->checks;
    size_t cli_count = as_error ? o->warnings_as_errors_count : o->checks_count;
    for (size_t i = 0; i < cli_count; i++)
        out[n++] = (glob_source){cli[i], as_error
                                             ? "the command-line option '--warnings-as-errors'"
                                             : "the command-line option '--checks'"};
    return n;
}

static int apply_sources(bool flags[VKS_RULE_COUNT], const glob_source *sources,
                         size_t count, const char *option)
{
    for (size_t i = 0; i < count; i++) {
        const char *bad;
        if (!vks_apply_rule_globs(flags, sources[i].globs, &bad)) {
            fprintf(stderr, "vksync-lint: error: %s: invalid glob '%s' (see --help)\n",
                    option, bad);
            return 2;
        }
    }
    return CLI_CONTINUE;
}

/* Which source last named RULE: a source names a rule when applying it to
   all-false and to all-true flags gives the same value. */
static const glob_source *last_naming(const glob_source *sources, size_t count,
                                      int rule)
{
    const glob_source *last = NULL;
    for (size_t i = 0; i < count; i++) {
        bool off[VKS_RULE_COUNT] = {0}, on[VKS_RULE_COUNT];
        for (int r = 0; r < VKS_RULE_COUNT; r++)
            on[r] = true;
        const char *bad;
        vks_apply_rule_globs(off, sources[i].globs, &bad);
        vks_apply_rule_globs(on, sources[i].globs, &bad);
        if (off[rule] == on[rule])
            last = &sources[i];
    }
    return last;
}

static void print_quoted(const char *key, const glob_source *sources,
                         size_t count)
{
    printf("%s: '", key);
    for (size_t i = 0; i < count; i++) {
        if (i)
            putchar(',');
        for (const char *p = sources[i].globs; *p; p++) {
            if (*p == '\'')
                putchar('\'');
            putchar(*p);
        }
    }
    puts("'");
}

static void dump_config(const cli_options *o, const glob_source *checks,
                        size_t check_count, const glob_source *errors,
                        size_t error_count)
{
    puts("---");
    if (o->config.file)
        printf("# from %s and the command line\n", o->config.file);
    print_quoted("Checks", checks, check_count);
    print_quoted("WarningsAsErrors", errors, error_count);
    puts("...");
}

static void explain_config(const cli_options *o, const glob_source *checks,
                           size_t check_count, const glob_source *errors,
                           size_t error_count)
{
    if (o->config.file)
        printf("Configuration file: %s\n", o->config.file);
    else
        printf("Configuration file: none (no %s found)\n", CONFIG_NAME);
    for (int r = 0; r < VKS_RULE_COUNT; r++) {
        const char *id = vks_rule_get((vks_rule)r)->id;
        const glob_source *set = last_naming(checks, check_count, r);
        printf("'%s' is %s in %s.\n", id,
               o->report.enabled[r] ? "enabled" : "disabled", set->source);
        const glob_source *raised = last_naming(errors, error_count, r);
        if (raised && o->report.as_error[r])
            printf("'%s' is reported as an error in %s.\n", id, raised->source);
    }
}

static void list_checks(const vks_report_options *report)
{
    puts("Enabled checks:");
    for (int r = 0; r < VKS_RULE_COUNT; r++)
        if (report->enabled[r])
            printf("    %s\n", vks_rule_get((vks_rule)r)->id);
    putchar('\n');
}

/* Finds and reads the configuration file; warns about inputs under another
   one. */
static int load_config_file(vks_arena *arena, cli_options *o)
{
    const char *path = o->config_file;
    if (!path) {
        path = closest_config(arena, o->file_count
                                         ? start_directory(arena, o->files[0])
                                         : ".");
        for (size_t i = 1; i < o->file_count; i++) {
            const char *other =
                closest_config(arena, start_directory(arena, o->files[i]));
            if (other && (!path || strcmp(other, path) != 0))
                fprintf(stderr,
                        "vksync-lint: warning: %s: its %s is not used; a run "
                        "has one configuration, %s (see --explain-config)\n",
                        o->files[i], other, path ? path : "the default");
        }
    }
    if (!path)
        return CLI_CONTINUE;
    return read_config_file(arena, path, &o->config);
}

int cli_configure(cli_options *o, vks_arena *arena)
{
    int status = load_config_file(arena, o);
    if (status != CLI_CONTINUE)
        return status;
    size_t max = 2 + o->checks_count + o->warnings_as_errors_count;
    glob_source *checks = vks_arena_alloc(arena, max * sizeof *checks);
    glob_source *errors = vks_arena_alloc(arena, max * sizeof *errors);
    size_t check_count = glob_sources(o, false, checks, arena);
    size_t error_count = glob_sources(o, true, errors, arena);
    status = apply_sources(o->report.enabled, checks, check_count, "--checks");
    if (status == CLI_CONTINUE)
        status = apply_sources(o->report.as_error, errors, error_count,
                               "--warnings-as-errors");
    if (status != CLI_CONTINUE)
        return status;

    if (o->dump_config || o->explain_config || o->list_checks) {
        if (o->dump_config)
            dump_config(o, checks, check_count, errors, error_count);
        if (o->explain_config)
            explain_config(o, checks, check_count, errors, error_count);
        if (o->list_checks)
            list_checks(&o->report);
        return 0;
    }
    if (o->file_count == 0 && !o->compdb_dir) {
        fputs("vksync-lint: error: no input files (see --help)\n", stderr);
        return 2;
    }
    return CLI_CONTINUE;
}
