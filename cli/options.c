/*
 * options.c - vksync-lint's options (docs/design.md, "Command line"),
 * spelt as clang-tidy spells them (docs/conventions.md, "clang-tidy"): long
 * options take "=VALUE" or the
 * next argument and may be written with one dash or two; "--" ends the
 * options and everything after it is given to the C front end as compiler
 * arguments, exactly as in `clang-tidy FILE -- -Iinclude`.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "vksync/smt.h"

static const char usage_text[] =
    "USAGE: vksync-lint [options] FILE... [-- COMPILER-ARGS...]\n"
    "\n"
    "Static analysis of Vulkan synchronization in C sources that record\n"
    "command buffers, and of the Vulkan memory model in SPIR-V shaders.\n"
    "\n"
    "FILE is a .c source, a .spv or .spvasm shader, or a directory (its .c,\n"
    ".spv and .spvasm files, recursively, in sorted order).  A .h file named\n"
    "explicitly is analysed as C.\n"
    "\n"
    "OPTIONS:\n"
    "  -p DIR                     read compile_commands.json from DIR\n"
    "  --format=text|sarif        text (default, clang-tidy style) or one\n"
    "                             SARIF 2.1.0 log\n"
    "  -o FILE                    write the report to FILE instead of stdout\n"
    "  --checks=GLOBS             rules to enable/disable, a comma list of\n"
    "                             globs applied in order; '-' disables\n"
    "                             ('-*,hazard-*'); default: every rule\n"
    "  --warnings-as-errors=GLOBS report matching findings as errors\n"
    "  --list-checks              list the enabled rules and exit\n"
    "  --config-file=PATH         read the configuration from PATH instead\n"
    "                             of the closest .vksync-lint (YAML keys\n"
    "                             Checks and WarningsAsErrors) in the first\n"
    "                             input's directory or a parent of it;\n"
    "                             --checks and --warnings-as-errors are\n"
    "                             appended to its values\n"
    "  --dump-config              print the effective configuration and exit\n"
    "  --explain-config           say where each rule's setting came from\n"
    "                             and exit\n"
    "  --workgroups=N             shaders: assume N workgroups per dispatch\n"
    "                             (default: any number >= 1)\n"
    "  -j N                       parse C files and analyse shaders on N\n"
    "                             threads (the C analysis itself is one\n"
    "                             program, on one thread); the output is the\n"
    "                             same for every N\n"
    "  --quiet                    no statistics on stderr\n"
    "  --dump-ir                  print the command IR the front end built\n"
    "                             (before the report; for debugging)\n"
    "  --help, --version          this text; the version\n"
    "  --                         the arguments after it are compiler\n"
    "                             arguments for the C front end (as with\n"
    "                             clang-tidy), e.g. -- -Iinclude -DNDEBUG;\n"
    "                             files must come before it\n"
    "\n"
    "SUPPRESSIONS: clang-tidy's comments in the sources - NOLINT (this line),\n"
    "NOLINTNEXTLINE (the next line), NOLINTBEGIN ... NOLINTEND - each\n"
    "optionally naming rules with no blank before '(': // NOLINT(hazard-*).\n"
    "\n"
    "EXIT STATUS: 0 no error-level finding; 1 at least one error-level\n"
    "finding; 2 usage error, malformed configuration file, unreadable or\n"
    "unparseable input, unwritable -o file, internal failure, or an\n"
    "analysis that could not finish (vksync-incomplete): an unfinished\n"
    "analysis is never a pass.\n";

static int usage_error(const char *fmt, const char *arg)
{
    fputs("vksync-lint: error: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (see --help)\n", stderr);
    return 2;
}

/* A positive integer option value. */
static bool parse_count(const char *text, unsigned *value)
{
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (errno || end == text || *end || n < 1 || n > INT_MAX)
        return false;
    *value = (unsigned)n;
    return true;
}

/*
 * If argv[*i] is option NAME (after its dashes), stores its value in *value
 * and returns true: "NAME=VALUE" or "NAME VALUE" (then *i advances); short
 * options (one letter) also take "-pVALUE".  *missing is set when the value
 * is absent.
 */
static bool take_value(const char *arg, const char *name, int *i, int argc,
                       char **argv, const char **value, bool *missing)
{
    bool single_dash = argv[*i][1] != '-';
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return false;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        return true;
    }
    if (arg[n] != '\0') {
        if (n == 1 && single_dash) { /* -pDIR, -j4 (never --pDIR) */
            *value = arg + 1;
            return true;
        }
        return false;
    }
    if (*i + 1 >= argc) {
        *missing = true;
        return true;
    }
    *value = argv[++*i];
    return true;
}

int cli_parse_options(int argc, char **argv, vks_arena *arena,
                      cli_options *o)
{
    *o = (cli_options){.format = CLI_FORMAT_TEXT, .jobs = 1};
    vks_report_options_init(&o->report);
    o->report.tool_version = VKS_VERSION;
    o->files = vks_arena_alloc(arena, (size_t)argc * sizeof *o->files);
    o->compiler_args = vks_arena_alloc(arena, (size_t)argc * sizeof *o->compiler_args);
    o->checks = vks_arena_alloc(arena, (size_t)argc * sizeof *o->checks);
    o->warnings_as_errors = vks_arena_alloc(arena, (size_t)argc * sizeof *o->warnings_as_errors);
    bool help = false, version = false;

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--") == 0) {
            for (i++; i < argc; i++)
                o->compiler_args[o->compiler_arg_count++] = argv[i];
            break;
        }
        if (arg[0] != '-' || arg[1] == '\0') { /* "-" is a file name */
            o->files[o->file_count++] = arg;
            continue;
        }
        const char *name = arg + 1 + (arg[1] == '-');
        const char *value = NULL;
        bool missing = false;
        if (strcmp(name, "help") == 0 || strcmp(arg, "-h") == 0)
            help = true;
        else if (strcmp(name, "version") == 0)
            version = true;
        else if (strcmp(name, "list-checks") == 0)
            o->list_checks = true;
        else if (strcmp(name, "quiet") == 0)
            o->quiet = true;
        else if (strcmp(name, "dump-ir") == 0)
            o->dump_ir = true;
        else if (strcmp(name, "dump-config") == 0)
            o->dump_config = true;
        else if (strcmp(name, "explain-config") == 0)
            o->explain_config = true;
        else if (take_value(name, "config-file", &i, argc, argv, &value, &missing)) {
            if (!missing)
                o->config_file = value;
        }
        else if (take_value(name, "p", &i, argc, argv, &value, &missing)) {
            if (!missing)
                o->compdb_dir = value;
        } else if (take_value(name, "o", &i, argc, argv, &value, &missing)) {
            if (!missing)
                o->output_path = value;
        } else if (take_value(name, "format", &i, argc, argv, &value, &missing)) {
            if (missing)
                ;
            else if (strcmp(value, "text") == 0)
                o->format = CLI_FORMAT_TEXT;
            else if (strcmp(value, "sarif") == 0)
                o->format = CLI_FORMAT_SARIF;
            else
                return usage_error("--format: '%s' is not text or sarif", value);
        } else if (take_value(name, "checks", &i, argc, argv, &value, &missing)) {
            /* clang-tidy: each --checks is appended to what came before
               (the configuration file's Checks first; cli/config.c). */
            if (!missing)
                o->checks[o->checks_count++] = value;
        } else if (take_value(name, "warnings-as-errors", &i, argc, argv,
                              &value, &missing)) {
            if (!missing)
                o->warnings_as_errors[o->warnings_as_errors_count++] = value;
        } else if (take_value(name, "workgroups", &i, argc, argv, &value,
                              &missing)) {
            if (!missing && !parse_count(value, &o->workgroups))
                return usage_error("--workgroups: '%s' is not a number >= 1",
                                   value);
        } else if (take_value(name, "j", &i, argc, argv, &value, &missing)) {
            if (!missing && !parse_count(value, &o->jobs))
                return usage_error("-j: '%s' is not a number >= 1", value);
        } else
            return usage_error("unknown option '%s'", arg);
        if (missing)
            return usage_error("option '%s' needs a value", arg);
    }

    if (help) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (version) {
        printf("vksync-lint %s (%s)\n", VKS_VERSION, vks_smt_version());
        return 0;
    }
    return CLI_CONTINUE;
}
