/*
 * cli.h - the pieces of vksync-lint's command line that main.c calls in
 * order (docs/design.md, "Command line", is the contract): options, inputs,
 * the -j job queue, and the
 * session that remembers input errors for the exit status and for SARIF.
 */
#ifndef VKSYNC_CLI_H
#define VKSYNC_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "vksync/analyzer.h"
#include "vksync/arena.h"
#include "vksync/report.h"
#include "vksync/spirv.h"

typedef enum { CLI_FORMAT_TEXT, CLI_FORMAT_SARIF } cli_format;

/* What the configuration file said (cli/config.c). */
typedef struct {
    const char *file;                     /* the file read, or NULL */
    const char *file_checks;              /* its Checks, or NULL */
    const char *file_warnings_as_errors;  /* its WarningsAsErrors, or NULL */
} cli_config;

typedef struct {
    const char *compdb_dir;       /* -p DIR */
    cli_format format;            /* --format= */
    const char *output_path;      /* -o FILE; NULL: stdout */
    bool quiet;                   /* --quiet: no statistics */
    bool list_checks;             /* --list-checks */
    bool dump_ir;                 /* --dump-ir: print the command IR first */
    unsigned workgroups;          /* --workgroups=N; 0: any number >= 1 */
    unsigned jobs;                /* -j N */
    const char **files;           /* FILE... as given */
    size_t file_count;
    const char **compiler_args;   /* after "--" */
    size_t compiler_arg_count;
    const char *config_file;      /* --config-file=PATH */
    bool dump_config;             /* --dump-config */
    bool explain_config;          /* --explain-config */
    const char **checks;          /* each --checks, in order */
    size_t checks_count;
    const char **warnings_as_errors; /* each --warnings-as-errors, in order */
    size_t warnings_as_errors_count;
    cli_config config;            /* filled by cli_configure */
    vks_report_options report;    /* the effective rule flags (cli_configure) */
} cli_options;

/* cli_parse_options' verdicts besides an exit status. */
#define CLI_CONTINUE (-1)

/*
 * Parses argv.  Returns CLI_CONTINUE when there is more to do; otherwise
 * the exit status to return at once: 0 after --help or --version, 2 after
 * a usage error (one line on stderr).
 */
int cli_parse_options(int argc, char **argv, vks_arena *arena,
                      cli_options *options);

/*
 * Reads the configuration file (the closest .vksync-lint, or
 * --config-file) and applies it, then the command line's --checks and
 * --warnings-as-errors, to options->report.  Returns CLI_CONTINUE when
 * there is analysis to do; else the exit status: 0 after --dump-config,
 * --explain-config or --list-checks; 2 for a malformed configuration file
 * (one line naming it), an invalid glob or no input files.
 */
int cli_configure(cli_options *options, vks_arena *arena);

typedef enum { CLI_INPUT_C, CLI_INPUT_SPIRV_BINARY, CLI_INPUT_SPIRV_ASM } cli_input_kind;

typedef struct {
    const char *path; /* as given, or DIR/relative/path for a directory's files */
    cli_input_kind kind;
} cli_input;

/* What one run has seen: its inputs and the errors that make it exit 2. */
typedef struct {
    vks_arena *arena;
    cli_input *inputs;
    size_t input_count, input_cap;
    const char **errors;           /* one line each, also SARIF notifications */
    size_t error_count, error_cap;
} cli_session;

/* Prints "vksync-lint: error: MESSAGE" on stderr and records it. */
void cli_input_error(cli_session *session, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Expands the FILE arguments into session->inputs: directories into their
   .c/.spv/.spvasm files (recursively, sorted).  Errors for missing or
   unsupported paths are reported and the other arguments still expanded. */
void cli_collect_inputs(cli_session *session, const cli_options *options);

/*
 * -j N (cli/jobs.c): what can run in parallel is the per-file work -
 * parsing a C file (libclang; most of a run's time) and the whole SPIR-V
 * pass of a shader.  Each input is one job with its own arena (and, inside
 * the front end, its own CXIndex); N threads take the jobs in input order.
 * The C analysis after parsing is one program over every file (a helper in
 * one file recording for a function in another, objects created anywhere),
 * so it stays on one thread.  The results are then taken in input order, so
 * the report is byte-identical for every N.
 */
typedef struct {
    const cli_input *input;
    vks_arena *arena;              /* the job's own; freed with the run */
    int status;
    const char *error;
    vks_parsed_file *parsed;       /* C */
    vks_shader_summary *summary;   /* SPIR-V */
    vks_findings findings;         /* SPIR-V: the shader's own findings */
} cli_job;

/* Runs jobs[0..count) (input and arena set) on up to `threads` threads,
   the calling one included; C files are parsed with FRONTEND (NULL when
   there is none), shaders analysed with SPIRV. */
void cli_run_jobs(cli_job *jobs, size_t count, vks_frontend *frontend,
                  const vks_spirv_options *spirv, unsigned threads);

#endif
