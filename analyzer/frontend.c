/*
 * frontend.c - the C front end's entry points: finds each file's compiler
 * arguments (compile_commands.json or the arguments after `--`), parses it
 * with libclang (clang's first error: a one-line input error), and runs every
 * function that records a command buffer through the evaluator (eval.c),
 * whose Vulkan calls become command IR (commands.c).
 *
 * Only analyzer/ includes clang-c (DESIGN.md section 5); libclang strings
 * are copied into the arena and disposed at once (STYLE.md 4).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>
#include <clang-c/CXCompilationDatabase.h>

#include "frontend_internal.h"

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
};

static CXCompilationDatabase load_compdb_quietly(const char *dir,
                                                 CXCompilationDatabase_Error *err);
static void list_compdb_files(CXCompilationDatabase db, vks_arena *arena,
                              const char ***files, size_t *count);

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
        fe->compdb = load_compdb_quietly(options->compdb_dir, &err);
        if (err != CXCompilationDatabase_NoError) {
            fe->compdb = NULL;
            fe->compdb_error = vks_arena_printf(
                arena, "%s: cannot load compile_commands.json", options->compdb_dir);
        } else {
            list_compdb_files(fe->compdb, arena, &fe->compdb_files,
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

/* ---- compiler arguments ---- */

/* GCC options clang rejects as "unknown argument"; compile_commands.json
   written for a GCC build contains them (CONVENTIONS.md). */
static bool gcc_only_flag(const char *arg)
{
    static const char *const prefixes[] = {
        "-fanalyzer", "-fipa-", "-fno-ipa-", "-ftree-", "-fno-tree-",
        "-fconserve-stack", "-fcond-mismatch", "-fno-allow-store-data-races",
        "-fmin-function-alignment", "-fsanitize=bounds-strict", "-mindirect-branch",
        "-mfunction-return", "-mrecord-mcount", "-fno-var-tracking",
        "-fvar-tracking", "-flto-partition", "-fstack-usage", "-fdump-",
        "-fmax-errors", "-Wno-maybe-uninitialized", "-fharden-",
    };
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(arg, prefixes[i], strlen(prefixes[i])) == 0)
            return true;
    return false;
}

typedef struct {
    const char **items;
    int count, cap;
    vks_arena *arena;
} arg_list;

static void add_arg(arg_list *a, const char *arg)
{
    if (a->count == a->cap) {
        int cap = a->cap ? a->cap * 2 : 32;
        const char **items = vks_arena_alloc(a->arena, sizeof *items * (size_t)cap);
        if (a->count)
            memcpy(items, a->items, sizeof *items * (size_t)a->count);
        a->items = items;
        a->cap = cap;
    }
    a->items[a->count++] = arg;
}

/* The entry's arguments (argv[0] included) with the source file itself
   kept, output options dropped, and -working-directory added because
   libclang ignores the entry's `directory` (CONVENTIONS.md).  Returns false
   when the database has no entry for the file. */
static bool compdb_arguments(const vks_frontend *fe, const char *path, arg_list *args)
{
    char absolute[PATH_MAX];
    if (!fe->compdb || !realpath(path, absolute))
        return false;
    CXCompileCommands cmds =
        clang_CompilationDatabase_getCompileCommands(fe->compdb, absolute);
    if (!cmds)
        return false;
    /* libclang makes up a command for a file the database does not list
       (borrowed from a similar file); clang-tidy's rule is the flags after
       "--" instead, so only a file with its own entry uses the database. */
    bool found = clang_CompileCommands_getSize(cmds) > 0;
    bool listed = false;
    for (size_t i = 0; i < fe->compdb_file_count && !listed; i++)
        listed = strcmp(fe->compdb_files[i], absolute) == 0;
    found = found && listed;
    CXCompileCommand cmd = found ? clang_CompileCommands_getCommand(cmds, 0) : NULL;
    if (found) {
        unsigned n = clang_CompileCommand_getNumArgs(cmd);
        for (unsigned i = 0; i < n; i++) {
            CXString s = clang_CompileCommand_getArg(cmd, i);
            const char *arg = vks_arena_strdup(args->arena, clang_getCString(s));
            clang_disposeString(s);
            if (strcmp(arg, "-o") == 0) {
                i++;
                continue;
            }
            if (gcc_only_flag(arg))
                continue;
            add_arg(args, arg);
        }
        CXString dir = clang_CompileCommand_getDirectory(cmd);
        add_arg(args, vks_arena_printf(args->arena, "-working-directory=%s",
                                       clang_getCString(dir)));
        clang_disposeString(dir);
    }
    clang_CompileCommands_dispose(cmds);
    return found;
}

/* ---- diagnostics ---- */

static const char *diagnostic_line(vks_arena *arena, const char *path,
                                   CXTranslationUnit tu, CXDiagnostic d)
{
    CXFile file;
    unsigned line, col;
    clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, &line, &col,
                               NULL);
    CXString s = clang_getDiagnosticSpelling(d);
    const char *message = vks_arena_strdup(arena, clang_getCString(s));
    clang_disposeString(s);
    if (!file)
        return vks_arena_printf(arena, "%s: %s", path, message);
    CXString fs = clang_getFileName(file);
    CXString main = clang_getTranslationUnitSpelling(tu);
    const char *result;
    if (strcmp(clang_getCString(fs), clang_getCString(main)) == 0)
        result = vks_arena_printf(arena, "%s:%u:%u: %s", path, line, col, message);
    else
        result = vks_arena_printf(arena, "%s: in %s:%u:%u: %s", path,
                                  clang_getCString(fs), line, col, message);
    clang_disposeString(fs);
    clang_disposeString(main);
    return result;
}

/*
 * Any clang error makes the file an input error (DESIGN.md section 2: exit
 * status 2, one line on stderr naming the file and clang's first error
 * with its line and column), and the file is not analysed.  A fatal error
 * (a missing #include) leaves no usable AST; a plain error leaves one, but
 * clang has dropped the code it could not parse there - a barrier in a
 * malformed expression would be missing, and the hazard it orders would be
 * reported falsely.  Nothing in the file is claimed either way; the other
 * files are analysed.
 */
static int check_diagnostics(vks_arena *arena, const char *path, CXTranslationUnit tu,
                             const char **error)
{
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        if (sev == CXDiagnostic_Fatal || sev == CXDiagnostic_Error) {
            *error = diagnostic_line(arena, path, tu, d);
            clang_disposeDiagnostic(d);
            return 2;
        }
        clang_disposeDiagnostic(d);
    }
    return 0;
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

    arg_list args = {.arena = arena};
    pthread_mutex_lock(&fe->compdb_lock);
    bool full_argv = compdb_arguments(fe, path, &args);
    pthread_mutex_unlock(&fe->compdb_lock);
    if (!full_argv && fe->options)
        for (size_t i = 0; i < fe->options->extra_arg_count; i++)
            add_arg(&args, fe->options->extra_args[i]);
    if (VKS_CLANG_RESOURCE_DIR[0]) {
        add_arg(&args, "-resource-dir");
        add_arg(&args, VKS_CLANG_RESOURCE_DIR);
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
    int status = check_diagnostics(arena, path, tu, error);
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

/* Paths that reach the end of the function are bounded by the first limit;
   runs cut short (an infeasible decision, exit() on an error branch) are
   cheap and bounded by the second. */
enum { MAX_PATHS_PER_FUNCTION = 64, MAX_RUNS_PER_FUNCTION = 1024 };

static bool same_loc(vks_loc a, vks_loc b)
{
    return a.line == b.line && a.col == b.col &&
           ((!a.file && !b.file) || (a.file && b.file && strcmp(a.file, b.file) == 0));
}

static bool same_mask(vks_mask a, vks_mask b)
{
    return a.known == b.known && (!a.known || a.bits == b.bits);
}

static bool same_region(vks_region a, vks_region b)
{
    return a.res == b.res && a.range_known == b.range_known &&
           (!a.range_known ||
            (a.offset == b.offset && a.size == b.size && a.aspect_mask == b.aspect_mask &&
             a.base_mip == b.base_mip && a.mip_count == b.mip_count &&
             a.base_layer == b.base_layer && a.layer_count == b.layer_count));
}

static bool same_cmd(const vks_cmd *a, const vks_cmd *b)
{
    if (a->kind != b->kind || strcmp(a->name, b->name) != 0 || !same_loc(a->loc, b->loc) ||
        a->access_count != b->access_count || a->barrier_count != b->barrier_count ||
        !same_mask(a->dependency_flags, b->dependency_flags))
        return false;
    for (size_t i = 0; i < a->access_count; i++) {
        const vks_access *x = &a->accesses[i], *y = &b->accesses[i];
        if (x->known != y->known ||
            (x->known && (x->stage != y->stage || x->access != y->access ||
                          x->layout != y->layout || !same_region(x->region, y->region))))
            return false;
    }
    for (size_t i = 0; i < a->barrier_count; i++) {
        const vks_barrier *x = &a->barriers[i], *y = &b->barriers[i];
        if (x->kind != y->kind || !same_mask(x->src_stages, y->src_stages) ||
            !same_mask(x->src_access, y->src_access) ||
            !same_mask(x->dst_stages, y->dst_stages) ||
            !same_mask(x->dst_access, y->dst_access) ||
            !same_region(x->region, y->region) || x->old_layout != y->old_layout ||
            x->new_layout != y->new_layout || !same_loc(x->loc, y->loc) ||
            x->src_queue_family != y->src_queue_family ||
            x->dst_queue_family != y->dst_queue_family)
            return false;
    }
    return true;
}

/* Two paths that differ only in decisions that did not change what was
   recorded (after vkEndCommandBuffer, or two switch cases doing the same)
   record the same command buffer: it is kept once, with the first path's
   steps, so each hazard is reported once. */
static bool same_recording(const vks_cmdbuf *a, const vks_cmdbuf *b)
{
    if (!same_loc(a->begin, b->begin) || a->cmd_count != b->cmd_count)
        return false;
    for (size_t i = 0; i < a->cmd_count; i++)
        if (!same_cmd(&a->cmds[i], &b->cmds[i]))
            return false;
    return true;
}

static void drop_repeated_recordings(vks_program *p, size_t function_first,
                                     size_t run_first)
{
    size_t out = run_first;
    for (size_t i = run_first; i < p->cmdbuf_count; i++) {
        bool repeated = false;
        for (size_t j = function_first; j < run_first && !repeated; j++)
            repeated = same_recording(&p->cmdbufs[j], &p->cmdbufs[i]);
        if (!repeated)
            p->cmdbufs[out++] = p->cmdbufs[i];
    }
    p->cmdbuf_count = out;
}

static void drop_open_recordings(vks_program *p, const fe_recording *open,
                                 size_t run_first)
{
    size_t out = run_first;
    for (size_t i = run_first; i < p->cmdbuf_count; i++) {
        bool still_open = false;
        for (const fe_recording *r = open; r && !still_open; r = r->next)
            still_open = r->cmdbuf == i;
        if (!still_open)
            p->cmdbufs[out++] = p->cmdbufs[i];
    }
    p->cmdbuf_count = out;
}

/*
 * Runs a recording function once per path (paths.c): each run replays the
 * previous run's decisions up to the last one with an untried alternative.
 * A run that reaches an infeasible decision leaves nothing behind.
 */
static void analyse_function(vks_frontend *fe, fe_ctx *cx, CXCursor fn)
{
    vks_program *p = fe->program;
    cx->root_function = fe_string(cx, clang_getCursorSpelling(fn));
    size_t function_first = p->cmdbuf_count;
    unsigned feasible = 0, runs = 0;
    cx->forced_count = 0;
    cx->steps = 0;
    cx->out_of_steps = false;
    for (;;) {
        cx->decision_count = 0;
        cx->fact_count = 0;
        cx->step_count = 0;
        cx->path_dead = false;
        cx->path_exited = false;
        cx->pending_goto = false;
        cx->decisions_capped = false;
        cx->recordings = NULL;
        cx->globals = NULL;
        /* Names of unknowns restart on every path, so a call's result is
           the same resource on two paths that agree up to it (and repeated
           recordings compare equal). */
        cx->havoc_generation = 0;
        cx->fresh_names = 0;
        size_t run_first = p->cmdbuf_count;
        cx->submit = NULL;
        fe_run_function(cx, fn);
        fe_finish_queue_streams(cx);
        for (fe_recording *r = cx->recordings; r; r = r->next)
            fe_attach_path_steps(cx, r); /* never ended */
        runs++;
        if (cx->out_of_steps) {
            /* The path was cut short: what it recorded is not checked. */
            p->cmdbuf_count = run_first;
            fe_incomplete(cx, fn, vks_arena_printf(
                cx->arena, "analysing `%s` took more than %d statements over "
                "its paths; the rest of its paths are not analysed",
                cx->root_function, FE_MAX_STEPS_PER_FUNCTION));
            cx->recordings = NULL;
            break;
        }
        if (cx->path_dead) {
            p->cmdbuf_count = run_first;
        } else if (cx->path_exited) {
            /* The program ended: what it was still recording is never
               submitted; command buffers it finished are kept. */
            drop_open_recordings(p, cx->recordings, run_first);
            drop_repeated_recordings(p, function_first, run_first);
        } else {
            feasible++;
            if (fe->stats)
                fe->stats->paths_explored++;
            drop_repeated_recordings(p, function_first, run_first);
        }
        cx->recordings = NULL;
        int i = (int)cx->decision_count - 1;
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
        fe_collect_objects(&cx, clang_getTranslationUnitCursor(f->tu));
    fe_function **roots;
    size_t nroots = fe_find_roots(&cx, &roots);
    for (size_t i = 0; i < nroots; i++)
        analyse_function(fe, &cx, roots[i]->definition);
    fe_inline_secondaries(&cx);
    vks_smt_solver_free(cx.solver);
}

int vks_analyze_c_file(const char *path, const vks_frontend_options *options,
                       vks_program *program, vks_findings *findings,
                       vks_stats *stats, const char **error)
{
    vks_frontend *fe = vks_frontend_new(options, program, findings, stats);
    int status = vks_frontend_add_file(fe, path, error);
    if (status == 0)
        vks_frontend_analyze(fe);
    vks_frontend_free(fe);
    return status;
}

/* libclang prints its own multi-line "LIBCLANG TOOLING ERROR" to stderr
   when a database does not load: silenced (single-threaded, at start-up)
   so the user sees vksync-lint's one line. */
static CXCompilationDatabase load_compdb_quietly(const char *dir,
                                                 CXCompilationDatabase_Error *err)
{
    fflush(stderr);
    int saved_stderr = dup(STDERR_FILENO);
    int devnull = open("/dev/null", O_WRONLY);
    if (saved_stderr >= 0 && devnull >= 0)
        dup2(devnull, STDERR_FILENO);
    CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(dir, err);
    if (saved_stderr >= 0 && devnull >= 0)
        dup2(saved_stderr, STDERR_FILENO);
    if (saved_stderr >= 0)
        close(saved_stderr);
    if (devnull >= 0)
        close(devnull);
    return db;
}

/*
 * -p DIR is checked once, before any file: a database that does not load is
 * one error naming it, and the files are then parsed with the arguments
 * after "--" (CONVENTIONS.md: a file not in the database falls back to them),
 * so the other inputs are still analysed.
 */
int vks_compdb_check(const char *dir, vks_arena *arena, const char **error)
{
    CXCompilationDatabase_Error err;
    CXCompilationDatabase db = load_compdb_quietly(dir, &err);
    if (err == CXCompilationDatabase_NoError) {
        clang_CompilationDatabase_dispose(db);
        return 0;
    }
    *error = vks_arena_printf(arena,
                              "%s/compile_commands.json: missing or not a JSON compilation "
                              "database; the files are parsed with the arguments after --",
                              dir);
    return 2;
}

/* Every source file a database lists: absolute paths, each once, in the
   database's order. */
static void list_compdb_files(CXCompilationDatabase db, vks_arena *arena,
                              const char ***files, size_t *count)
{
    CXCompileCommands cmds = clang_CompilationDatabase_getAllCompileCommands(db);
    unsigned n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
    const char **list = vks_arena_alloc(arena, sizeof *list * (n + 1));
    size_t out = 0;
    for (unsigned i = 0; i < n; i++) {
        CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);
        CXString file = clang_CompileCommand_getFilename(cmd);
        CXString directory = clang_CompileCommand_getDirectory(cmd);
        const char *f = clang_getCString(file);
        const char *path = f[0] == '/' ? vks_arena_strdup(arena, f)
                                       : vks_arena_printf(arena, "%s/%s",
                                                          clang_getCString(directory), f);
        char resolved[PATH_MAX];
        if (realpath(path, resolved))
            path = vks_arena_strdup(arena, resolved);
        clang_disposeString(file);
        clang_disposeString(directory);
        bool seen = false;
        for (size_t k = 0; k < out && !seen; k++)
            seen = strcmp(list[k], path) == 0;
        if (!seen)
            list[out++] = path;
    }
    if (cmds)
        clang_CompileCommands_dispose(cmds);
    *files = list;
    *count = out;
}

/* For `vksync-lint -p DIR` with no files (as run-clang-tidy does). */
int vks_compdb_files(const char *dir, vks_arena *arena, const char ***files,
                     size_t *count)
{
    *files = NULL;
    *count = 0;
    CXCompilationDatabase_Error err;
    CXCompilationDatabase db = load_compdb_quietly(dir, &err);
    if (err != CXCompilationDatabase_NoError)
        return 2;
    list_compdb_files(db, arena, files, count);
    clang_CompilationDatabase_dispose(db);
    return 0;
}
