/*
 * frontend.c - the C front end's entry points: finds each file's compiler
 * arguments (compile_commands.json or the arguments after `--`), parses it
 * with libclang, turns clang's errors into vks_findings, and runs every
 * function that records a command buffer through the evaluator (eval.c),
 * whose Vulkan calls become command IR (commands.c).
 *
 * Only analyzer/ includes clang-c (DESIGN.md section 5); libclang strings
 * are copied into the arena and disposed at once (STYLE.md 4).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <clang-c/CXCompilationDatabase.h>

#include "frontend_internal.h"

#ifndef VKS_CLANG_RESOURCE_DIR
#define VKS_CLANG_RESOURCE_DIR ""
#endif

typedef struct parsed_file {
    const char *path;           /* as given */
    CXTranslationUnit tu;
    struct parsed_file *next;
} parsed_file;

struct vks_frontend {
    vks_arena *arena;
    const vks_frontend_options *options;
    vks_program *program;
    vks_findings *findings;
    vks_stats *stats;
    CXIndex index;
    CXCompilationDatabase compdb;
    const char *compdb_error;
    parsed_file *files, **files_tail;
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
    fe->index = clang_createIndex(0, 0);
    fe->files_tail = &fe->files;
    if (options && options->compdb_dir) {
        CXCompilationDatabase_Error err;
        fe->compdb = clang_CompilationDatabase_fromDirectory(options->compdb_dir, &err);
        if (err != CXCompilationDatabase_NoError) {
            fe->compdb = NULL;
            fe->compdb_error = vks_arena_printf(
                arena, "%s: cannot load compile_commands.json", options->compdb_dir);
        }
    }
    return fe;
}

void vks_frontend_free(vks_frontend *fe)
{
    if (!fe)
        return;
    for (parsed_file *f = fe->files; f; f = f->next)
        clang_disposeTranslationUnit(f->tu);
    if (fe->compdb)
        clang_CompilationDatabase_dispose(fe->compdb);
    clang_disposeIndex(fe->index);
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
static bool compdb_arguments(vks_frontend *fe, const char *path, arg_list *args)
{
    char absolute[PATH_MAX];
    if (!fe->compdb || !realpath(path, absolute))
        return false;
    CXCompileCommands cmds =
        clang_CompilationDatabase_getCompileCommands(fe->compdb, absolute);
    if (!cmds)
        return false;
    bool found = clang_CompileCommands_getSize(cmds) > 0;
    if (found) {
        CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, 0);
        unsigned n = clang_CompileCommand_getNumArgs(cmd);
        for (unsigned i = 0; i < n; i++) {
            CXString s = clang_CompileCommand_getArg(cmd, i);
            const char *arg = vks_arena_strdup(fe->arena, clang_getCString(s));
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
        add_arg(args, vks_arena_printf(fe->arena, "-working-directory=%s",
                                       clang_getCString(dir)));
        clang_disposeString(dir);
    }
    clang_CompileCommands_dispose(cmds);
    return found;
}

/* ---- diagnostics ---- */

typedef struct {
    CXDiagnostic diag;
    enum CXDiagnosticSeverity severity;
} first_error;

static const char *diagnostic_line(vks_frontend *fe, const char *path,
                                   CXTranslationUnit tu, CXDiagnostic d)
{
    CXFile file;
    unsigned line, col;
    clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, &line, &col,
                               NULL);
    const char *message = vks_arena_strdup(fe->arena, "");
    CXString s = clang_getDiagnosticSpelling(d);
    message = vks_arena_strdup(fe->arena, clang_getCString(s));
    clang_disposeString(s);
    if (!file)
        return vks_arena_printf(fe->arena, "%s: %s", path, message);
    CXString fs = clang_getFileName(file);
    CXString main = clang_getTranslationUnitSpelling(tu);
    const char *result;
    if (strcmp(clang_getCString(fs), clang_getCString(main)) == 0)
        result = vks_arena_printf(fe->arena, "%s:%u:%u: %s", path, line, col, message);
    else
        result = vks_arena_printf(fe->arena, "%s: in %s:%u:%u: %s", path,
                                  clang_getCString(fs), line, col, message);
    clang_disposeString(fs);
    clang_disposeString(main);
    return result;
}

/*
 * A fatal error (a missing #include, too many errors) stops clang's parse:
 * the AST is not usable and the file is reported as unparsable.  Plain
 * errors leave a usable AST: the file is analysed and the first error gets
 * a vksync-incomplete finding, since what clang dropped there is not seen.
 */
static int check_diagnostics(vks_frontend *fe, const char *path, CXTranslationUnit tu,
                             const char **error)
{
    unsigned n = clang_getNumDiagnostics(tu);
    CXDiagnostic first = NULL;
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        if (sev == CXDiagnostic_Fatal) {
            *error = diagnostic_line(fe, path, tu, d);
            clang_disposeDiagnostic(d);
            if (first)
                clang_disposeDiagnostic(first);
            return 2;
        }
        if (sev == CXDiagnostic_Error && !first)
            first = d;
        else
            clang_disposeDiagnostic(d);
    }
    if (!first)
        return 0;
    CXFile file;
    unsigned line, col;
    clang_getExpansionLocation(clang_getDiagnosticLocation(first), &file, &line,
                               &col, NULL);
    CXString s = clang_getDiagnosticSpelling(first);
    vks_loc loc = {.file = path, .line = line, .col = col};
    vks_finding_add(fe->findings, VKS_RULE_VKSYNC_INCOMPLETE, NULL, loc,
                    vks_arena_printf(fe->findings->arena,
                                     "clang could not parse this (%s); results for "
                                     "the code around it are incomplete",
                                     clang_getCString(s)));
    clang_disposeString(s);
    clang_disposeDiagnostic(first);
    if (fe->stats)
        fe->stats->incomplete++;
    return 0;
}

/* ---- parsing ---- */

int vks_frontend_add_file(vks_frontend *fe, const char *path, const char **error)
{
    FILE *probe = fopen(path, "r");
    if (!probe) {
        *error = vks_arena_printf(fe->arena, "%s: %s", path, strerror(errno));
        return 2;
    }
    fclose(probe);
    if (fe->compdb_error) {
        *error = fe->compdb_error;
        return 2;
    }

    arg_list args = {.arena = fe->arena};
    bool full_argv = compdb_arguments(fe, path, &args);
    if (!full_argv && fe->options)
        for (size_t i = 0; i < fe->options->extra_arg_count; i++)
            add_arg(&args, fe->options->extra_args[i]);
    if (VKS_CLANG_RESOURCE_DIR[0]) {
        add_arg(&args, "-resource-dir");
        add_arg(&args, VKS_CLANG_RESOURCE_DIR);
    }

    CXTranslationUnit tu = NULL;
    unsigned flags = CXTranslationUnit_None;
    enum CXErrorCode rc =
        full_argv ? clang_parseTranslationUnit2FullArgv(fe->index, NULL, args.items,
                                                        args.count, NULL, 0, flags, &tu)
                  : clang_parseTranslationUnit2(fe->index, path, args.items, args.count,
                                                NULL, 0, flags, &tu);
    if (rc != CXError_Success || !tu) {
        *error = vks_arena_printf(fe->arena, "%s: clang could not parse the file "
                                  "(libclang error %d)", path, (int)rc);
        return 2;
    }
    int status = check_diagnostics(fe, path, tu, error);
    if (status != 0) {
        clang_disposeTranslationUnit(tu);
        return status;
    }
    parsed_file *f = vks_arena_alloc(fe->arena, sizeof *f);
    f->path = vks_arena_strdup(fe->arena, path);
    f->tu = tu;
    *fe->files_tail = f;
    fe->files_tail = &f->next;
    return 0;
}

/* ---- analysis ---- */

typedef struct {
    fe_ctx *cx;
    bool found;
} begin_search;

static enum CXChildVisitResult find_begin(CXCursor c, CXCursor parent,
                                          CXClientData data)
{
    begin_search *s = data;
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        const char *name = fe_callee_entry_point(s->cx, c);
        if (name && strcmp(name, "vkBeginCommandBuffer") == 0) {
            s->found = true;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

typedef struct {
    vks_frontend *fe;
    fe_ctx *cx;
} file_walk;

static enum CXChildVisitResult analyse_top_level(CXCursor c, CXCursor parent,
                                                 CXClientData data)
{
    file_walk *w = data;
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
        !clang_isCursorDefinition(c) ||
        !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    begin_search search = {.cx = w->cx, .found = false};
    clang_visitChildren(c, find_begin, &search);
    if (!search.found)
        return CXChildVisit_Continue;

    fe_ctx *cx = w->cx;
    cx->root_function = fe_string(cx, clang_getCursorSpelling(c));
    cx->recordings = NULL;
    fe_run_function(cx, c);
    cx->recordings = NULL;
    if (w->fe->stats)
        w->fe->stats->paths_explored++;
    return CXChildVisit_Continue;
}

void vks_frontend_analyze(vks_frontend *fe)
{
    for (parsed_file *f = fe->files; f; f = f->next) {
        fe_ctx cx = {.arena = fe->arena,
                     .program = fe->program,
                     .findings = fe->findings,
                     .stats = fe->stats,
                     .given_path = f->path};
        cx.clang_main_name = fe_string(&cx, clang_getTranslationUnitSpelling(f->tu));
        file_walk walk = {.fe = fe, .cx = &cx};
        clang_visitChildren(clang_getTranslationUnitCursor(f->tu), analyse_top_level,
                            &walk);
    }
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
