/*
 * main.c - vksync-lint's pipeline as a list of calls (docs/design.md,
 * "Command line" and "Data flow"):
 *
 *   parse options -> configuration file -> collect inputs -> build IR (C
 *   front end, SPIR-V pass; cli/jobs.c) -> check -> NOLINT comments -> sort
 *   findings -> report -> exit status.
 *
 * Exit status: 2 for usage errors, unreadable or unparseable inputs (the
 * other inputs are still analysed), an unwritable report, or any
 * vksync-incomplete finding - an analysis that could not finish is never a
 * pass; else 1 when an error-level finding is reported; else 0.  Nothing is
 * written anywhere but the report (-o FILE or stdout) and stderr.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "vksync/analyzer.h"
#include "vksync/engine.h"
#include "vksync/report.h"
#include "vksync/spirv.h"

/* An input error from the front end, as one line that names the file. */
static void report_frontend_error(cli_session *session, const char *path,
                                  const char *error)
{
    if (!error)
        error = "could not be analysed";
    size_t n = strlen(path);
    if (strncmp(error, path, n) == 0 && error[n] == ':')
        cli_input_error(session, "%s", error);
    else
        cli_input_error(session, "%s: %s", path, error);
}

/* -p DIR whose compile_commands.json cannot be loaded is one input error;
   the files are then analysed with the flags after "--" (clang-tidy's
   fallback for a file without a command). */
static void check_compilation_database(cli_session *session,
                                       cli_options *options)
{
    const char *error = NULL;
    if (options->compdb_dir &&
        vks_compdb_check(options->compdb_dir, session->arena, &error) != 0) {
        cli_input_error(session, "%s", error);
        options->compdb_dir = NULL;
    }
}

/*
 * Builds one program from every input: the C files go to one front end, so
 * a helper defined in one file and called from another is followed; a file
 * that cannot be parsed is reported and the others are still analysed.  The
 * program lives in the session arena: findings point at its locations (file
 * names, call chains) until the report is written; the jobs' arenas are
 * returned in *job_arenas, to be freed after it.
 */
static vks_program *build_program(cli_session *session,
                                  const cli_options *options,
                                  vks_findings *findings, vks_stats *stats,
                                  vks_arena ***job_arenas)
{
    vks_program *program = vks_program_new(session->arena);
    vks_frontend_options frontend_options = {
        .compdb_dir = options->compdb_dir,
        .extra_args = options->compiler_args,
        .extra_arg_count = options->compiler_arg_count,
    };
    size_t count = session->input_count;
    vks_frontend *frontend = NULL;
    cli_job *jobs = vks_arena_alloc(session->arena, (count + 1) * sizeof *jobs);
    *job_arenas = vks_arena_alloc(session->arena, (count + 1) * sizeof **job_arenas);
    for (size_t i = 0; i < count; i++) {
        jobs[i] = (cli_job){.input = &session->inputs[i], .arena = vks_arena_new()};
        (*job_arenas)[i] = jobs[i].arena;
        if (jobs[i].input->kind == CLI_INPUT_C && !frontend)
            frontend = vks_frontend_new(&frontend_options, program, findings, stats);
    }
    vks_spirv_options spirv = {.workgroups = options->workgroups};
    cli_run_jobs(jobs, count, frontend, &spirv, options->jobs ? options->jobs : 1);

    const vks_shader_summary **shaders = vks_arena_alloc(
        session->arena, (count + 1) * sizeof *shaders);
    size_t shader_count = 0;
    for (size_t i = 0; i < count; i++) {
        cli_job *job = &jobs[i];
        if (job->status != 0) {
            report_frontend_error(session, job->input->path, job->error);
            continue;
        }
        if (job->input->kind == CLI_INPUT_C) {
            vks_frontend_add_parsed(frontend, job->parsed);
            continue;
        }
        for (size_t k = 0; k < job->findings.count; k++)
            VKS_PUSH(findings->arena, findings->items, findings->count, findings->cap,
                     job->findings.items[k]);
        if (job->summary)
            shaders[shader_count++] = job->summary;
    }
    if (frontend) {
        /* Every shader is known before the C code runs: dispatches link to
           them (analyzer/pipeline_link.c). */
        frontend_options.shaders = shaders;
        frontend_options.shader_count = shader_count;
        vks_frontend_analyze(frontend);
        vks_frontend_free(frontend);
    }
    return program;
}

/* NOLINT comments in the text inputs and in the files findings point at
   (report/suppress.c); returns how many shown findings they suppressed. */
static size_t suppress_nolint(const cli_session *session,
                              vks_findings *findings,
                              const vks_report_options *report)
{
    const char **texts = vks_arena_alloc(session->arena,
                                         (session->input_count + 1) * sizeof *texts);
    size_t count = 0;
    for (size_t i = 0; i < session->input_count; i++)
        if (session->inputs[i].kind != CLI_INPUT_SPIRV_BINARY)
            texts[count++] = session->inputs[i].path;
    return vks_suppress_nolint(findings, texts, count, report);
}

/* Findings that make the run exit 2 whether or not --checks shows them. */
static size_t count_unfinished(const vks_findings *findings)
{
    size_t n = 0;
    for (size_t i = 0; i < findings->count; i++)
        n += findings->items[i].rule == VKS_RULE_VKSYNC_INCOMPLETE ||
             findings->items[i].rule == VKS_RULE_VKSYNC_PARSE_ERROR;
    return n;
}

static int exit_status_of(const cli_session *session,
                          const vks_findings *findings,
                          const vks_report_options *report)
{
    if (session->error_count || count_unfinished(findings))
        return 2;
    return vks_report_count(findings, report).errors ? 1 : 0;
}

static FILE *open_output(const cli_options *options)
{
    if (!options->output_path)
        return stdout;
    FILE *out = fopen(options->output_path, "w");
    if (!out)
        fprintf(stderr, "vksync-lint: error: %s: %s\n", options->output_path,
                strerror(errno));
    return out;
}

/* Returns false (after saying so) when the report could not be written. */
static bool close_output(FILE *out, const cli_options *options)
{
    const char *name = options->output_path ? options->output_path : "<stdout>";
    bool ok = fflush(out) == 0 && !ferror(out);
    int saved_errno = errno;
    if (out != stdout && fclose(out) != 0 && ok) {
        ok = false;
        saved_errno = errno;
    }
    if (!ok)
        fprintf(stderr, "vksync-lint: error: %s: cannot write the report: %s\n",
                name, strerror(saved_errno));
    return ok;
}

static void write_report(FILE *out, cli_options *options,
                         const cli_session *session,
                         const vks_findings *findings, const vks_stats *stats,
                         int exit_status)
{
    const char **paths = vks_arena_alloc(session->arena,
                                         (session->input_count + 1) * sizeof *paths);
    for (size_t i = 0; i < session->input_count; i++)
        paths[i] = session->inputs[i].path;
    vks_report_options *report = &options->report;
    report->inputs = paths;
    report->input_count = session->input_count;
    report->notifications = session->errors;
    report->notification_count = session->error_count;
    report->execution_successful = exit_status != 2;
    if (options->format == CLI_FORMAT_SARIF)
        vks_report_sarif(out, findings, stats, report);
    else
        vks_report_text(out, findings, report);
}

/* clang's own wording: "1 warning and 2 errors generated.", then
   clang-tidy's "Suppressed 3 warnings (3 NOLINT)." (its plural even for
   one). */
static void print_statistics(const vks_findings *findings,
                             const vks_stats *stats,
                             const vks_report_options *report,
                             size_t nolint_suppressed, bool c_inputs)
{
    vks_report_counts counts = vks_report_count(findings, report);
    if (counts.warnings || counts.errors) {
        if (counts.warnings)
            fprintf(stderr, "%zu warning%s", counts.warnings,
                    counts.warnings == 1 ? "" : "s");
        if (counts.warnings && counts.errors)
            fputs(" and ", stderr);
        if (counts.errors)
            fprintf(stderr, "%zu error%s", counts.errors,
                    counts.errors == 1 ? "" : "s");
        fputs(" generated.\n", stderr);
    }
    if (nolint_suppressed)
        fprintf(stderr, "Suppressed %zu warnings (%zu NOLINT).\n",
                nolint_suppressed, nolint_suppressed);
    fprintf(stderr,
            "vksync-lint: %zu access pairs proved ordered, %zu paths explored, "
            "%zu questions left unknown",
            stats->pairs_proved_ordered, stats->paths_explored,
            stats->unknown_questions);
    if (stats->recording_calls)
        fprintf(stderr, ", %zu/%zu recording calls reached",
                stats->recording_calls_reached, stats->recording_calls);
    else if (c_inputs)
        /* C files that begin, record and submit nothing (a context that
           hands its device to a library that records): said, so that the
           zeros are not read as a proof. */
        fputs(", no recording calls in the C files", stderr);
    if (stats->incomplete)
        fprintf(stderr, ", %zu analyses incomplete", stats->incomplete);
    fputc('\n', stderr);
    /* What the questions left unknown did not know: a count alone reads
       as noise, and every one of them is a place the silence proves
       nothing. */
    if (stats->unknown_questions) {
        fputs("vksync-lint: questions left unknown:", stderr);
        const char *sep = " ";
        for (int r = 0; r < VKS_UNKNOWN_REASON_COUNT; r++) {
            size_t n = stats->unknown_by_reason[r];
            if (!n)
                continue;
            fprintf(stderr, "%s%zu %s", sep, n,
                    vks_unknown_reason_text((vks_unknown_reason)r, n));
            sep = ", ";
        }
        fputc('\n', stderr);
    }
}

/* Exit status 2 must never come without a reason on screen, even when
   --checks or a NOLINT comment hides the findings behind it. */
static void explain_hidden_failures(const vks_findings *findings,
                                    const vks_report_options *report)
{
    size_t hidden = 0;
    for (size_t i = 0; i < findings->count; i++) {
        const vks_finding *f = &findings->items[i];
        if ((f->rule == VKS_RULE_VKSYNC_INCOMPLETE ||
             f->rule == VKS_RULE_VKSYNC_PARSE_ERROR) &&
            !vks_report_shows(f, report))
            hidden++;
    }
    if (hidden)
        fprintf(stderr,
                "vksync-lint: error: %zu analyses could not finish "
                "(vksync-incomplete/vksync-parse-error findings disabled by "
                "--checks or NOLINT); nothing there is proved\n", hidden);
}

int main(int argc, char **argv)
{
    vks_arena *arena = vks_arena_new();
    cli_options options;
    int status = cli_parse_options(argc, argv, arena, &options);
    if (status == CLI_CONTINUE)
        status = cli_configure(&options, arena);
    if (status != CLI_CONTINUE) {
        vks_arena_free(arena);
        return status;
    }
    FILE *out = open_output(&options);
    if (!out) {
        vks_arena_free(arena);
        return 2;
    }

    cli_session session = {.arena = arena};
    vks_findings findings = {.arena = arena};
    vks_stats stats = {0};
    cli_collect_inputs(&session, &options);
    check_compilation_database(&session, &options);
    vks_arena **job_arenas = NULL;
    vks_program *program = build_program(&session, &options, &findings, &stats, &job_arenas);
    if (options.dump_ir)
        vks_program_print(program, out);
    vks_check_program(program, &findings, &stats);
    size_t suppressed = suppress_nolint(&session, &findings, &options.report);
    vks_findings_sort(&findings);
    status = exit_status_of(&session, &findings, &options.report);
    write_report(out, &options, &session, &findings, &stats, status);
    /* The report is complete on its stream before anything more goes to
       stderr, so a terminal showing both never interleaves them. */
    if (!close_output(out, &options))
        status = 2;
    explain_hidden_failures(&findings, &options.report);
    bool c_inputs = false;
    for (size_t i = 0; i < session.input_count; i++)
        c_inputs |= session.inputs[i].kind == CLI_INPUT_C;
    if (!options.quiet)
        print_statistics(&findings, &stats, &options.report, suppressed, c_inputs);

    for (size_t i = 0; i < session.input_count; i++)
        vks_arena_free(job_arenas[i]);
    vks_arena_free(arena);
    return status;
}
