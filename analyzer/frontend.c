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
   runs cut short (an infeasible decision, exit() on an error branch, a
   merge, an error check's way that records nothing new) are cheap and
   bounded by the second - and all of them by the statement limit.  4,096
   since session 24: Mesa's WSI present (`wsi_QueuePresentKHR`: per
   swapchain, eight error checks that `goto` the loop body's end) ends in
   2.7 s and 761 paths, and stopped at 1,024 runs, 798 of them error ways
   that recorded nothing new; vkcube-xcb runs into the statement limit
   instead (25 s), no other bench program reaches either. */
enum { MAX_RUNS_PER_FUNCTION = 4096,
       MAX_SPLITS_PER_FUNCTION = 32 };

/*
 * A Vulkan call needed a value a joined region lost (cx->path.restart): the
 * region is split from now on and the path is run again with the decisions
 * taken before it (summary.c).  Past MAX_SPLITS_PER_FUNCTION every region
 * is split and the function's paths start over (returns true), which is
 * what they were before regions were joined.
 */
static bool split_needed_region(fe_ctx *cx, unsigned *splits)
{
    fe_join *join = &cx->joins[cx->path.restart - 1];
    if (fe_debug_paths())
        fprintf(stderr, "split %s:%u:%u (steps %zu)\n", join->region.file,
                join->region.line, join->region.col, cx->steps);
    join->split = true;
    if (++*splits > MAX_SPLITS_PER_FUNCTION) {
        fe_split_every_region(cx, true);
        cx->forced_count = 0;
        return true;
    }
    fe_split_region(cx, join->region);
    cx->forced_count = join->decisions_before;
    return false;
}

/*
 * Issue 11, cause 3: "The number of paths reported must be about the
 * recording's own branches."  A path that leaves the one it replays at a
 * decision and from there on records, maps and submits nothing (an error
 * check that returns: `if (!e->sem_wait) return AVERROR(ENOMEM);`
 * in each of FFmpeg's helpers, `RET(x)` then `goto fail`) recorded exactly
 * what every path through that decision recorded before it, and a kept
 * path (or one that repeated a kept path's prefix, the same) went past
 * that decision: its hazards are that path's, found there
 * (later commands never order earlier ones).  It is run - that is how it
 * is known - but it is no path of its own: it neither counts toward
 * VKSYNC_MAX_PATHS nor adds a recording.  FFmpeg's vulkan filters spent
 * their 64 paths on such returns.  Effects no check sees without a later
 * effect of another kind (fe_sandboxed_inert_effect) do not count there:
 * an image view created per plane, each creation checked for failure
 * (FFmpeg's filters), or a shutdown's vkDeviceWaitIdle before the exit
 * (SDL's testvulkan) add nothing to what the prefix is checked for.
 * Destroying objects is no effect at all (no rule checks it yet); a rule
 * on frees in use would make a destroy an effect of the other kind.
 */
static bool repeats_a_checked_prefix(const fe_ctx *cx)
{
    unsigned inert = cx->path.inert_effects - cx->path.inert_at_divergence;
    return cx->forced_count > 0 &&
           cx->decisions[cx->forced_count - 1].prefix_checked &&
           cx->path.effects - inert == cx->path.effects_at_divergence;
}

/*
 * The statement and path limits of a recording function.  Each gets the
 * default (300,000 statements, 64 paths), or more when the run's budget
 * left allows: an equal share among the functions still to run of what
 * the run may spend in all (RUN_STATEMENTS, RUN_PATHS) less what the
 * functions before spent.  A program whose render loop is its one big
 * recording function (glfw's triangle-vulkan: `main` and two small
 * callbacks) gets most of the run's budget; a driver with fifty (zink)
 * gets the default each, as before.  A limit set by its environment
 * variable is every function's, as it says.  The sizes: vkcube's
 * `demo_draw` (its acquire and present results each rebuilding the
 * swapchain) takes about 420 paths to its end since its mapped uniform
 * buffers are tracked (session 25; their memory, allocated into the zeroed
 * `demo`, had no name before, and it took 175), more than half of a 768
 * budget: with `main` it gets half of each.  At about 2 microseconds a statement the
 * shared part is some 15 s at most on a 2-core machine (bench/realworld.sh).
 */
enum { RUN_STATEMENTS = 6500000, RUN_PATHS = 1024 };

typedef struct {
    size_t statements_used;
    size_t paths_used;
} run_budget;

static void share_budget(fe_ctx *cx, const run_budget *budget, size_t roots_left)
{
    size_t statements = fe_limit(FE_LIMIT_STATEMENTS);
    unsigned paths = fe_limit(FE_LIMIT_PATHS);
    if (!fe_limit_is_set(FE_LIMIT_STATEMENTS) && budget->statements_used < RUN_STATEMENTS) {
        size_t share = (RUN_STATEMENTS - budget->statements_used) / roots_left;
        if (share > statements)
            statements = share;
    }
    if (!fe_limit_is_set(FE_LIMIT_PATHS) && budget->paths_used < RUN_PATHS) {
        size_t share = (RUN_PATHS - budget->paths_used) / roots_left;
        if (share > paths)
            paths = (unsigned)share;
    }
    cx->root_statement_limit = statements;
    cx->root_path_limit = paths;
}

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
 * A run that reaches an infeasible decision leaves nothing behind.  Returns
 * the number of paths it kept (what it spent of the run's path budget).
 */
static unsigned analyse_function(vks_frontend *fe, fe_ctx *cx, CXCursor fn)
{
    vks_program *p = fe->program;
    cx->root_function = fe_string(cx, clang_getCursorSpelling(fn));
    int nparams = clang_Cursor_getNumArguments(fn);
    cx->root_parameter_count = 0;
    cx->root_parameters = vks_arena_alloc(cx->arena, sizeof *cx->root_parameters *
                                                         (size_t)(nparams > 0 ? nparams : 1));
    for (int i = 0; i < nparams; i++)
        cx->root_parameters[cx->root_parameter_count++] =
            fe_decl_key(cx, clang_Cursor_getArgument(fn, (unsigned)i));
    size_t function_first = p->cmdbuf_count;
    unsigned feasible = 0, runs = 0, splits = 0;
    const char *file = fe_loc(cx, fn).file;
    cx->forced_count = 0;
    cx->steps = 0;
    cx->out_of_steps = false;
    fe_merge_begin(cx); /* the states at waits are this function's */
    fe_split_every_region(cx, false);
    if (fe_debug_paths())
        fprintf(stderr, "root %s\n", cx->root_function);
    /* Each run's values in an arena of their own, freed when the next run
       starts (fe_ctx.values): what a run leaves behind is in the IR and
       in what the models kept (fe_keep). */
    vks_arena *values = NULL;
    for (;;) {
        vks_arena_free(values);
        values = cx->values = vks_arena_new();
        cx->path = (fe_path){0};
        cx->path.first_step = cx->steps;
        cx->run_serial++;
        cx->loop_progress = NULL;
        size_t run_first = p->cmdbuf_count;
        fe_sites_run_begin(cx);
        fe_run_function(cx, fn);
        /* A run that restarts with a region split is no path. */
        fe_sites_run_end(cx, !cx->out_of_steps && !cx->path.dead && !cx->path.restart);
        fe_finish_queue_streams(cx);
        for (fe_recording *r = cx->path.recordings; r; r = r->next)
            fe_attach_path_steps(cx, r); /* never ended */
        runs++;
        if (fe->stats)
            fe->stats->paths_run++;
        if (fe_debug_paths()) {
            fprintf(stderr, "run %u: steps %zu decisions %u dead %d exited %d merged %d "
                    "restart %u effects %u (%u where it left the path it replays)\n",
                    runs, cx->steps, cx->path.decision_count, cx->path.dead,
                    cx->path.exited, cx->path.merged, cx->path.restart, cx->path.effects,
                    cx->path.effects_at_divergence);
            for (size_t i = 0; i < cx->path.step_count; i++)
                fprintf(stderr, "  step %s:%u: %s\n", cx->path.step_locs[i].file,
                        cx->path.step_locs[i].line, cx->path.step_texts[i]);
        }
        if (cx->path.restart && !cx->out_of_steps) {
            /* The path again, the region that lost a needed value split. */
            vks_program_truncate(p, run_first);
            /* Paths parked at waits are resumed by replaying their
               decisions, which the split region no longer gives: the
               function's paths start over. */
            bool parked = fe_merge_has_parked(cx);
            if (split_needed_region(cx, &splits) || parked) {
                vks_program_truncate(p, function_first);
                feasible = 0;
                cx->forced_count = 0;
            }
            /* The states this run left at waits are no path's: a later
               run covered by one would not be analysed at all. */
            fe_merge_begin(cx);
            continue;
        }
        if (cx->out_of_steps) {
            /* The path was cut short: what it recorded is not checked. */
            vks_program_truncate(p, run_first);
            if (cx->out_of_memory)
                fe_incomplete(cx, fn, vks_arena_printf(
                    cx->arena, "the C analysis reached its memory limit of %u MB "
                    "(VKSYNC_MAX_MEMORY_MB) in `%s`; the rest of its paths, and "
                    "the recording functions after it, are not analysed",
                    fe_limit(FE_LIMIT_MEMORY_MB), cx->root_function));
            else
                fe_incomplete(cx, fn, vks_arena_printf(
                    cx->arena, "analysing `%s` took more than %u statements over "
                    "its paths; the rest of its paths are not analysed",
                    cx->root_function, (unsigned)cx->root_statement_limit));
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
            /* A path that submitted and then exited (a sample that draws
               its frames and quits) was analysed: it counts as one, or
               the summary says "0 paths explored" under its findings. */
            if (p->cmdbuf_count > run_first && fe->stats)
                fe->stats->paths_explored++;
        } else {
            if (repeats_a_checked_prefix(cx)) {
                vks_program_truncate(p, run_first);
                if (fe_debug_paths())
                    fprintf(stderr, "run %u: records nothing past where it left a kept path\n",
                            runs);
            } else {
                /* A path parked at a wait goes on in the path resumed
                   there (merge.c): its recordings are kept, the path is
                   counted once, there. */
                if (!cx->path.parked) {
                    feasible++;
                    if (fe->stats)
                        fe->stats->paths_explored++;
                }
                vks_program_drop_repeated(p, function_first, run_first);
            }
            /* Either way all it recorded is checked: a path that leaves this
               one at any of its decisions has recorded what it had there. */
            for (unsigned i = 0; i < cx->path.decision_count; i++)
                cx->decisions[i].prefix_checked = !cx->decisions[i].submission_taken_back;
        }
        cx->path.recordings = NULL;
        show_progress(fe, file, cx->root_function, feasible);
        bool more = feasible < cx->root_path_limit && runs < MAX_RUNS_PER_FUNCTION;
        if (!fe_next_path(cx) && !fe_merge_resume(cx))
            break;
        if (!more) {
            /* Name the limit that stopped it: a function can spend its
               runs on ways that are no path (infeasible, merged, or
               repeating a checked prefix) long before its paths. */
            if (feasible < cx->root_path_limit)
                fe_incomplete(cx, fn, vks_arena_printf(
                    cx->arena, "more than %d runs of `%s` (%u paths kept; the other "
                    "runs ended infeasible, merged or recording nothing new); the "
                    "rest are not analysed", MAX_RUNS_PER_FUNCTION, cx->root_function,
                    feasible));
            else
                fe_incomplete(cx, fn, vks_arena_printf(
                    cx->arena, "more than %d paths through `%s`; the others are not "
                    "analysed", cx->root_path_limit, cx->root_function));
            break;
        }
    }
    vks_arena_free(values);
    cx->values = NULL;
    cx->path = (fe_path){0};
    size_t arrivals_skipped = fe_merge_arrivals_skipped(cx);
    cx->merge = NULL;
    cx->decision_floor = 0;
    if (fe_debug_paths())
        fprintf(stderr, "root %s done: %u runs, %zu command buffers, arena %zu MB, "
                "%zu replayed arrivals at waits not compared again\n",
                cx->root_function, runs, p->cmdbuf_count - function_first,
                vks_arena_bytes(cx->arena) >> 20, arrivals_skipped);
    return feasible;
}

/* ---- functions that only create objects ---- */

/*
 * Issue 11, cause 7: "Objects made by one helper are one object."  A helper
 * such as `buffer_create(Res *b, n)` run on its own makes one object that
 * stands for every buffer its callers make with it, and a recording that
 * finds it through a struct member ("Res.buffer") took them all for that
 * one.  So a function that creates objects through helpers is run as a
 * creator too (each call path makes its own object), and a helper that
 * such a creator calls is not run on its own: it runs inside its callers.
 * A function that begins a recording through a helper (main calling
 * record()) is run as a recording, not here: running it twice bound its
 * mapped buffers twice.  creator_graph computes, once for all registered
 * functions, which create and which begin a recording (directly or
 * through helpers), and which are called by a creator.
 */
typedef struct creator_node {
    bool creates, begins, called_by_creator;
} creator_node;

static creator_node *creator_graph(fe_ctx *cx)
{
    size_t n = cx->eval->function_count;
    const fe_call_node *calls = fe_call_graph(cx);
    creator_node *g = vks_arena_alloc(cx->arena, sizeof *g * (n + 1));
    for (size_t i = 0; i < n; i++)
        g[i] = (creator_node){.creates = calls[i].creates, .begins = calls[i].begins};
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i < n; i++)
            for (size_t k = 0; k < calls[i].callee_count; k++) {
                const creator_node *callee = &g[calls[i].callees[k]];
                if (callee->creates && !g[i].creates)
                    g[i].creates = changed = true;
                if (callee->begins && !g[i].begins)
                    g[i].begins = changed = true;
            }
    }
    for (size_t i = 0; i < n; i++)
        if (g[i].creates && !g[i].begins)
            for (size_t k = 0; k < calls[i].callee_count; k++)
                if (calls[i].callees[k] != i)
                    g[calls[i].callees[k]].called_by_creator = true;
    return g;
}

typedef struct {
    fe_ctx *cx;
    creator_node *graph;
} creator_run;

/* Run as a creator: creates and begins no recording (directly or through
   helpers), and is not a helper of another creator. */
static bool runs_as_creator(const creator_run *run, CXCursor c)
{
    fe_ctx *cx = run->cx;
    const char *usr = fe_string(cx, clang_getCursorUSR(c));
    for (fe_function *f = cx->eval->functions[fe_usr_bucket(usr)]; f; f = f->next)
        if (clang_equalCursors(f->definition, c)) {
            const creator_node *node = &run->graph[f->index];
            return node->creates && !node->begins && !node->called_by_creator;
        }
    return false;
}

static enum CXChildVisitResult run_creator(CXCursor c, CXCursor parent,
                                           CXClientData data)
{
    const creator_run *run = data;
    fe_ctx *cx = run->cx;
    /* Issue 11, cause 2: a project header's helpers are the program's
       too, run once however many files include the header. */
    if (!fe_is_registered_definition(cx, c))
        return CXChildVisit_Continue;
    if (runs_as_creator(run, c)) {
        /* One path (the first feasible one) is enough to see what it
           creates. */
        cx->root_function = fe_string(cx, clang_getCursorSpelling(c));
        cx->forced_count = 0;
        /* A new path, but one that carries the run before it on, as it
           always has: the numbering of unknowns, and an earlier creator's
           queue streams and end of the program. */
        fe_path before = cx->path;
        cx->run_serial++;
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
        fe_split_every_region(cx, false);
        fe_run_function(cx, c);
        unsigned splits = 0;
        while (cx->path.restart && !cx->out_of_steps) {
            /* As in analyse_function: the same path again, the region
               whose join lost a value a create call needs split. */
            split_needed_region(cx, &splits);
            cx->path.restart = 0;
            cx->path.dead = cx->path.exited = false;
            cx->path.decision_count = 0;
            cx->path.recordings = NULL;
            cx->path.globals = NULL;
            cx->path.step_count = 0;
            fe_facts_taken_back(cx, 0);
            fe_run_function(cx, c);
        }
        vks_program_truncate(cx->program, cmdbufs);
        cx->path.recordings = NULL;
    }
    return CXChildVisit_Continue;
}

static void collect_objects(fe_ctx *cx, creator_node *graph, CXCursor translation_unit)
{
    creator_run run = {cx, graph};
    clang_visitChildren(translation_unit, run_creator, &run);
}

/*
 * Issue 11, cause 2: "Users run `vksync-lint src/STAR.c`; every function whose
 * definition is visible in the translation unit (a project header's
 * `static inline` helpers, not system headers) is part of the program."
 * A definition is the program's when it is not in a system header (the
 * main file, or a header included with "" or -I).  A header included by
 * two analysed files gives each translation unit its own copy of its
 * definitions: only the first copy is registered, by file and offset, so
 * its functions run (and report) once.  A later copy's USR, which may
 * differ from the first's (a static function's USR can name its
 * translation unit), is made to find the first copy, so calls to it from
 * the other file are calls to the one registered function (roots.c).
 */
static void register_program_definition(fe_ctx *cx, CXCursor c)
{
    const char *site = fe_definition_site(cx, c);
    fe_function *first = fe_function_at_site(cx, site);
    if (first) {
        const char *usr = fe_string(cx, clang_getCursorUSR(c));
        if (strcmp(usr, first->usr) != 0) {
            fe_function *alias = vks_arena_alloc(cx->arena, sizeof *alias);
            *alias = *first;
            alias->usr = usr;
            unsigned b = fe_usr_bucket(usr);
            alias->next = cx->eval->functions[b];
            cx->eval->functions[b] = alias;
        }
        return;
    }
    fe_register_function(cx, c);
    fe_register_definition_site(cx, site, cx->eval->function_list[cx->eval->function_count - 1]);
}

/* `static const uint32_t fill_spv[] = {0x07230203, ...}`: an array of 32-bit
   words whose first is SPIR-V's magic number ("Magic Number: 0x07230203",
   SPIR-V specification 2.3, Physical Layout) - a shader module the program
   embeds (pipeline_link.c). */
static bool embeds_spirv(CXCursor c)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(c));
    if (t.kind != CXType_ConstantArray && t.kind != CXType_IncompleteArray)
        return false;
    if (clang_Type_getSizeOf(clang_getArrayElementType(t)) != 4)
        return false;
    CXCursor init = clang_Cursor_getVarDeclInitializer(c);
    if (clang_Cursor_isNull(init) || clang_getCursorKind(init) != CXCursor_InitListExpr)
        return false;
    fe_cursors ch;
    fe_children(NULL, init, &ch);
    uint64_t first;
    return ch.count > 5 && fe_evaluated_int(ch.items[0], &first) && first == 0x07230203;
}

static enum CXChildVisitResult register_function(CXCursor c, CXCursor parent,
                                                 CXClientData data)
{
    fe_ctx *cx = data;
    if (fe_is_program_definition(c))
        register_program_definition(cx, c);
    else if (clang_getCursorKind(c) == CXCursor_VarDecl && embeds_spirv(c))
        fe_link_note_embedded_module(cx->link);
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
    cx.facts_assumed = fe_submission_tested;
    cx.decision_state_key = fe_decision_state_key;
    cx.way_taken_before = fe_way_taken_before;
    cx.read_global = fe_read_global;
    cx.initialiser_element = fe_initialiser_element;
    fe_eval_state eval = {.run_body = fe_exec_body, .run_statement = fe_exec};
    cx.eval = &eval;
    fe_child_lists_begin(&cx);
    cx.memory_limit = (size_t)fe_limit(FE_LIMIT_MEMORY_MB) << 20;
    cx.root_statement_limit = fe_limit(FE_LIMIT_STATEMENTS);
    cx.root_path_limit = fe_limit(FE_LIMIT_PATHS);
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
    creator_node *creators = creator_graph(&cx);
    for (parsed_file *f = fe->files; f; f = f->next)
        collect_objects(&cx, creators, clang_getTranslationUnitCursor(f->tu));
    /* Every recording call site, to report those no path reaches
       (sites.c). */
    for (parsed_file *f = fe->files; f; f = f->next)
        fe_sites_collect(&cx, clang_getTranslationUnitCursor(f->tu));
    fe_function **roots;
    size_t nroots = fe_find_roots(&cx, &roots);
    run_budget budget = {0};
    for (size_t i = 0; i < nroots; i++) {
        if (cx.out_of_memory) {
            /* Past the memory limit nothing more is analysed, and each
               recording function left says so where it is - as a root
               whose analysis stopped at that limit, so that its recording
               calls are reported as not analysed because of it (they
               said "no analysed function calls" it: 37 of vkd3d's). */
            fe_sites_root_begin(&cx, roots[i]->index);
            fe_incomplete(&cx, roots[i]->definition, vks_arena_printf(
                cx.arena, "`%s` is not analysed: the C analysis reached its memory "
                "limit of %u MB (VKSYNC_MAX_MEMORY_MB) before it",
                fe_string(&cx, clang_getCursorSpelling(roots[i]->definition)),
                fe_limit(FE_LIMIT_MEMORY_MB)));
            fe_sites_root_end(&cx);
            continue;
        }
        /* Handed recordings are the last roots (roots.c): one a caller's
           path ran through a pointer (a render graph's pass callback) was
           analysed there, after what the caller recorded before it; on its
           own it would tell its hazards again, against nothing. */
        if (roots[i]->handed_recording && roots[i]->reached_through_pointer)
            continue;
        cx.handed_recording = roots[i]->handed_recording;
        fe_sites_root_begin(&cx, roots[i]->index);
        share_budget(&cx, &budget, nroots - i);
        budget.paths_used += analyse_function(fe, &cx, roots[i]->definition);
        budget.statements_used += cx.steps;
        if (fe->stats)
            fe->stats->statements_run += cx.steps;
        fe_sites_root_end(&cx);
        cx.handed_recording = false;
    }
    end_progress(fe);
    fe_sites_report(&cx);
    fe_inline_secondaries(&cx);
    vks_smt_solver_free(cx.solver);
    fe_child_lists_end();
}


