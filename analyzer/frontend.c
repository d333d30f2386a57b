/*
 * frontend.c - the C front end's entry points and its path driver: parses
 * each file with its compiler arguments (clang_support.c; clang's first
 * error is a one-line input error), runs the functions that only create
 * objects once, then every function that records a command buffer once per
 * path through the evaluator (eval_expr.c, eval_stmt.c), whose Vulkan calls
 * become command IR through the entry-point table (entry_points.c).
 *
 * Only analyzer/ includes clang-c; the Vulkan models below the evaluator
 * include model.h, which does not.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <clang-c/CXCompilationDatabase.h>

#include "eval.h"

#ifndef VKS_CLANG_RESOURCE_DIR
#define VKS_CLANG_RESOURCE_DIR ""
#endif

/* A parsed translation unit, with the index it was parsed in: each file
   gets its own CXIndex, so that files can be parsed on several threads
   (vks_frontend_parse); the index outlives its unit. */
typedef struct vks_parsed_file {
    const char *path;           /* as given */
    CXIndex index;
    CXTranslationUnit tu;
    struct vks_parsed_file *next;
} parsed_file;

struct vks_frontend {
    vks_arena *arena;
    const vks_frontend_options *options;
    vks_program *program;
    vks_findings *findings;
    vks_stats *stats;
    CXCompilationDatabase compdb;
    const char *compdb_error;
    const char **compdb_files; /* the files it lists (absolute) */
    size_t compdb_file_count;
    parsed_file *files, **files_tail;
    /* compile_commands.json lookups from parsing threads, one at a time:
       libclang does not say that a database may be queried concurrently. */
    pthread_mutex_t compdb_lock;
    /* Progress on stderr when it is a terminal (show_progress). */
    bool progress_tty, progress_shown;
    double analysis_started, progress_at;
};


vks_frontend *vks_frontend_new(const vks_frontend_options *options,
                               vks_program *program, vks_findings *findings,
                               vks_stats *stats)
{
    vks_arena *arena = program->arena;
    vks_frontend *fe = vks_arena_alloc(arena, sizeof *fe);
    fe->arena = arena;
    fe->options = options;
    fe->program = program;
    fe->findings = findings;
    fe->stats = stats;
    fe->files_tail = &fe->files;
    pthread_mutex_init(&fe->compdb_lock, NULL);
    if (options && options->compdb_dir) {
        CXCompilationDatabase_Error err;
        fe->compdb = fe_load_compdb_quietly(options->compdb_dir, &err);
        if (err != CXCompilationDatabase_NoError) {
            fe->compdb = NULL;
            fe->compdb_error = vks_arena_printf(
                arena, "%s: cannot load compile_commands.json", options->compdb_dir);
        } else {
            fe_list_compdb_files(fe->compdb, arena, &fe->compdb_files,
                              &fe->compdb_file_count);
        }
    }
    return fe;
}

void vks_frontend_free(vks_frontend *fe)
{
    if (!fe)
        return;
    for (parsed_file *f = fe->files; f; f = f->next) {
        clang_disposeTranslationUnit(f->tu);
        clang_disposeIndex(f->index);
    }
    if (fe->compdb)
        clang_CompilationDatabase_dispose(fe->compdb);
    pthread_mutex_destroy(&fe->compdb_lock);
}

/* ---- parsing ---- */

int vks_frontend_parse(vks_frontend *fe, const char *path, vks_arena *arena,
                       vks_parsed_file **out, const char **error)
{
    *out = NULL;
    FILE *probe = fopen(path, "r");
    if (!probe) {
        *error = vks_arena_printf(arena, "%s: %s", path, strerror(errno));
        return 2;
    }
    fclose(probe);
    if (fe->compdb_error) {
        *error = fe->compdb_error;
        return 2;
    }

    fe_arg_list args = {.arena = arena};
    pthread_mutex_lock(&fe->compdb_lock);
    bool full_argv = fe_compdb_arguments(fe->compdb, fe->compdb_files,
                                          fe->compdb_file_count, path, &args);
    pthread_mutex_unlock(&fe->compdb_lock);
    if (!full_argv && fe->options)
        for (size_t i = 0; i < fe->options->extra_arg_count; i++)
            fe_add_arg(&args, fe->options->extra_args[i]);
    if (VKS_CLANG_RESOURCE_DIR[0]) {
        fe_add_arg(&args, "-resource-dir");
        fe_add_arg(&args, VKS_CLANG_RESOURCE_DIR);
    }

    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = NULL;
    unsigned flags = CXTranslationUnit_None;
    enum CXErrorCode rc =
        full_argv ? clang_parseTranslationUnit2FullArgv(index, NULL, args.items,
                                                        args.count, NULL, 0, flags, &tu)
                  : clang_parseTranslationUnit2(index, path, args.items, args.count,
                                                NULL, 0, flags, &tu);
    if (rc != CXError_Success || !tu) {
        *error = vks_arena_printf(arena, "%s: clang could not parse the file "
                                  "(libclang error %d)", path, (int)rc);
        clang_disposeIndex(index);
        return 2;
    }
    int status = fe_check_diagnostics(arena, path, tu, error);
    if (status != 0) {
        clang_disposeTranslationUnit(tu);
        clang_disposeIndex(index);
        return status;
    }
    parsed_file *f = vks_arena_alloc(arena, sizeof *f);
    f->path = vks_arena_strdup(arena, path);
    f->index = index;
    f->tu = tu;
    *out = f;
    return 0;
}

void vks_frontend_add_parsed(vks_frontend *fe, vks_parsed_file *file)
{
    file->next = NULL;
    *fe->files_tail = file;
    fe->files_tail = &file->next;
}

int vks_frontend_add_file(vks_frontend *fe, const char *path, const char **error)
{
    vks_parsed_file *file;
    int status = vks_frontend_parse(fe, path, fe->arena, &file, error);
    if (status == 0)
        vks_frontend_add_parsed(fe, file);
    return status;
}

/* ---- analysis ---- */

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* After PROGRESS_AFTER seconds of analysis, a line on a terminal's stderr
   says where it is (file, function, paths so far), rewritten in place
   (\r) at most every PROGRESS_EVERY seconds and erased when the analysis
   ends: a long run does not look hung.  Never when stderr is not a
   terminal (tests, CI, pre-commit, a redirected log). */
#define PROGRESS_AFTER 3.0
#define PROGRESS_EVERY 0.25

static void show_progress(vks_frontend *fe, const char *file, const char *function,
                          unsigned paths)
{
    if (!fe->progress_tty)
        return;
    double now = now_seconds();
    if (now - fe->analysis_started < PROGRESS_AFTER ||
        (fe->progress_shown && now - fe->progress_at < PROGRESS_EVERY))
        return;
    fprintf(stderr, "\rvksync-lint: %s: `%s`: %u path%s so far\033[K", file, function,
            paths, paths == 1 ? "" : "s");
    fflush(stderr);
    fe->progress_shown = true;
    fe->progress_at = now;
}

static void end_progress(vks_frontend *fe)
{
    if (fe->progress_shown)
        fputs("\r\033[K", stderr);
    fe->progress_shown = false;
}

/* Paths that reach the end of the function are bounded by the first limit;
   runs cut short (an infeasible decision, exit() on an error branch) are
   cheap and bounded by the second. */
enum { MAX_PATHS_PER_FUNCTION = 64, MAX_RUNS_PER_FUNCTION = 1024 };

/* The recordings a path left open (it ended the program first). */
static void drop_open_recordings(fe_ctx *cx, size_t run_first)
{
    uint32_t *open = NULL;
    size_t count = 0, cap = 0;
    for (const fe_recording *r = cx->path.recordings; r; r = r->next)
        VKS_PUSH(cx->arena, open, count, cap, r->cmdbuf);
    vks_program_drop_listed(cx->program, run_first, open, count);
}

/*
 * Runs a recording function once per path (path_state.c): each run replays the
 * previous run's decisions up to the last one with an untried alternative.
 * A run that reaches an infeasible decision leaves nothing behind.
 */
static void analyse_function(vks_frontend *fe, fe_ctx *cx, CXCursor fn)
{
    vks_program *p = fe->program;
    cx->root_function = fe_string(cx, clang_getCursorSpelling(fn));
    size_t function_first = p->cmdbuf_count;
    unsigned feasible = 0, runs = 0;
    const char *file = fe_loc(cx, fn).file;
    cx->forced_count = 0;
    cx->steps = 0;
    cx->out_of_steps = false;
    for (;;) {
        cx->path = (fe_path){0};
        size_t run_first = p->cmdbuf_count;
        fe_sites_run_begin(cx);
        fe_run_function(cx, fn);
        fe_sites_run_end(cx, !cx->out_of_steps && !cx->path.dead);
        fe_finish_queue_streams(cx);
        for (fe_recording *r = cx->path.recordings; r; r = r->next)
            fe_attach_path_steps(cx, r); /* never ended */
        runs++;
        if (cx->out_of_steps) {
            /* The path was cut short: what it recorded is not checked. */
            vks_program_truncate(p, run_first);
            fe_incomplete(cx, fn, vks_arena_printf(
                cx->arena, "analysing `%s` took more than %d statements over "
                "its paths; the rest of its paths are not analysed",
                cx->root_function, FE_MAX_STEPS_PER_FUNCTION));
            cx->path.recordings = NULL;
            break;
        }
        if (cx->path.dead) {
            vks_program_truncate(p, run_first);
        } else if (cx->path.exited) {
            /* The program ended: what it was still recording is never
               submitted; command buffers it finished are kept. */
            drop_open_recordings(cx, run_first);
            vks_program_drop_repeated(p, function_first, run_first);
        } else {
            feasible++;
            if (fe->stats)
                fe->stats->paths_explored++;
            vks_program_drop_repeated(p, function_first, run_first);
        }
        cx->path.recordings = NULL;
        show_progress(fe, file, cx->root_function, feasible);
        int i = (int)cx->path.decision_count - 1;
        while (i >= 0 && cx->decisions[i].chosen + 1 >= cx->decisions[i].alternatives)
            i--;
        if (i < 0)
            break;
        if (feasible >= MAX_PATHS_PER_FUNCTION || runs >= MAX_RUNS_PER_FUNCTION) {
            fe_incomplete(cx, fn, vks_arena_printf(
                cx->arena, "more than %d paths through `%s`; the others are not "
                "analysed", MAX_PATHS_PER_FUNCTION, cx->root_function));
            break;
        }
        cx->decisions[i].chosen++;
        cx->forced_count = (unsigned)i + 1;
    }
}

/* ---- functions that only create objects ---- */

typedef struct {
    fe_ctx *cx;
    bool creates, records;
} create_search;

static enum CXChildVisitResult find_creates(CXCursor c, CXCursor parent,
                                            CXClientData data)
{
    create_search *s = data;
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        const char *name = fe_callee_entry_point(s->cx, c);
        if (name && fe_entry_point_has(name, FE_EP_CREATES))
            s->creates = true;
        if (name && fe_entry_point_has(name, FE_EP_BEGINS))
            s->records = true;
    }
    return CXChildVisit_Recurse;
}

static enum CXChildVisitResult run_creator(CXCursor c, CXCursor parent,
                                           CXClientData data)
{
    fe_ctx *cx = data;
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
        !clang_isCursorDefinition(c) ||
        !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    create_search s = {.cx = cx};
    clang_visitChildren(c, find_creates, &s);
    if (s.creates && !s.records) {
        /* One path (the first feasible one) is enough to see what it
           creates. */
        cx->root_function = fe_string(cx, clang_getCursorSpelling(c));
        cx->forced_count = 0;
        /* A new path, but one that carries the run before it on, as it
           always has: the numbering of unknowns, and an earlier creator's
           queue streams and end of the program. */
        fe_path before = cx->path;
        cx->path = (fe_path){.havoc_generation = before.havoc_generation,
                             .fresh_names = before.fresh_names,
                             .submit = before.submit,
                             .exited = before.exited,
                             .pending_goto = before.pending_goto,
                             .goto_label = before.goto_label,
                             .goto_from = before.goto_from,
                             .decisions_capped = before.decisions_capped};
        /* A helper it calls may record: that recording belongs to the
           recording functions' analysis, not to this run. */
        size_t cmdbufs = cx->program->cmdbuf_count;
        fe_run_function(cx, c);
        vks_program_truncate(cx->program, cmdbufs);
        cx->path.recordings = NULL;
    }
    return CXChildVisit_Continue;
}

static void collect_objects(fe_ctx *cx, CXCursor translation_unit)
{
    clang_visitChildren(translation_unit, run_creator, cx);
}

static bool is_local_definition(CXCursor c)
{
    return clang_getCursorKind(c) == CXCursor_FunctionDecl &&
           clang_isCursorDefinition(c) &&
           clang_Location_isFromMainFile(clang_getCursorLocation(c));
}

static enum CXChildVisitResult register_function(CXCursor c, CXCursor parent,
                                                 CXClientData data)
{
    if (is_local_definition(c))
        fe_register_function(data, c);
    return CXChildVisit_Continue;
}

void vks_frontend_analyze(vks_frontend *fe)
{
    fe_ctx cx = {.arena = fe->arena,
                 .program = fe->program,
                 .findings = fe->findings,
                 .stats = fe->stats,
                 .default_path = fe->files ? fe->files->path : "?",
                 .solver = vks_smt_solver_new()};
    fe_eval_state eval = {.run_body = fe_exec_body};
    cx.eval = &eval;
    fe->progress_tty = isatty(STDERR_FILENO);
    fe->analysis_started = now_seconds();
    if (fe->options)
        cx.link = fe_link_new(fe->arena, fe->options->shaders, fe->options->shader_count);
    for (parsed_file *f = fe->files; f; f = f->next) {
        fe_file_name *name = vks_arena_alloc(fe->arena, sizeof *name);
        name->clang_name = fe_string(&cx, clang_getTranslationUnitSpelling(f->tu));
        name->given = f->path;
        name->next = cx.file_names;
        cx.file_names = name;
        clang_visitChildren(clang_getTranslationUnitCursor(f->tu), register_function,
                            &cx);
    }
    /* Objects first (objects.c): a recording sees the render passes and
       images created anywhere. */
    for (parsed_file *f = fe->files; f; f = f->next)
        collect_objects(&cx, clang_getTranslationUnitCursor(f->tu));
    /* Every recording call site, to report those no path reaches
       (sites.c). */
    for (parsed_file *f = fe->files; f; f = f->next)
        fe_sites_collect(&cx, clang_getTranslationUnitCursor(f->tu));
    fe_function **roots;
    size_t nroots = fe_find_roots(&cx, &roots);
    for (size_t i = 0; i < nroots; i++) {
        fe_sites_root_begin(&cx, roots[i]->index);
        analyse_function(fe, &cx, roots[i]->definition);
        fe_sites_root_end(&cx);
    }
    end_progress(fe);
    fe_sites_report(&cx);
    fe_inline_secondaries(&cx);
    vks_smt_solver_free(cx.solver);
}


