/*
 * program_end.c - calls that end the program, and branches that do nothing
 * else.
 *
 * Error handling in Vulkan programs is mostly `if (r != VK_SUCCESS) {
 * print; exit(1); }`, a macro around it (vkcube's ERR_EXIT) or a helper
 * that prints and exits.  Such a branch cannot change what the GPU
 * executes: the program ends there, so nothing recorded on that path is
 * ever submitted after it (a submission needs the program to go on), and
 * nothing the branch does before exiting submits anything (checked below).
 * Following it as a path of its own only multiplies the paths, one per
 * check, until the path limit hides the real ones.  So a branch that
 * "only ends the program" is not a fork: the path goes the other way and
 * assumes the condition that leads there (eval.c).
 *
 * A call never returns when its function is declared so (`_Noreturn`,
 * `__attribute__((noreturn))`; the C library declares exit, abort, _Exit,
 * quick_exit and the assert failure handler that way) or when its body,
 * run from the start, always reaches such a call (a `fail()` helper that
 * prints and exits, declared as a plain `void` function).  longjmp is
 * declared noreturn too, but it does not end the program: execution goes
 * on at the setjmp, so it never makes a branch prunable.
 */
#include <string.h>

#include "eval.h"

struct fe_end_info {
    const char *usr;
    bool computing;          /* on the stack: a recursive call */
    bool never_returns;      /* declared so, or its body always ends */
    bool declared;           /* declared noreturn (no body needed) */
    bool jumps;              /* longjmp and friends: noreturn, not an end */
    int quiet;               /* -1 not known yet, 0 may submit, 1 cannot */
    struct fe_end_info *next;
};

/* `_Noreturn` does not show in a function's type, `__attribute__((noreturn))`
   does; the first is looked for among the declarator's tokens (before the
   body of a definition). */
static bool declared_noreturn(fe_ctx *cx, CXCursor decl)
{
    const char *type = fe_string(cx, clang_getTypeSpelling(clang_getCursorType(decl)));
    if (strstr(type, "noreturn"))
        return true;
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(decl);
    CXSourceRange extent = clang_getCursorExtent(decl);
    CXToken *tokens;
    unsigned n;
    clang_tokenize(tu, extent, &tokens, &n);
    bool found = false;
    for (unsigned i = 0; i < n && !found; i++) {
        CXString t = clang_getTokenSpelling(tu, tokens[i]);
        const char *text = clang_getCString(t);
        bool body = strcmp(text, "{") == 0;
        found = strcmp(text, "_Noreturn") == 0 || strcmp(text, "noreturn") == 0;
        clang_disposeString(t);
        if (body)
            break;
    }
    clang_disposeTokens(tu, tokens, n);
    return found;
}

static bool stmt_ends(fe_ctx *cx, CXCursor stmt);

/* The (cached) facts about function `decl`. */
static fe_end_info *info_by_usr(fe_ctx *cx, CXCursor decl);

/* Kept on the declaration's node: a call's declaration is asked about at
   every call the path runs. */
static fe_end_info *info_of(fe_ctx *cx, CXCursor decl)
{
    fe_node_memo *m = fe_node_memo_of(decl);
    if (m && m->end_info)
        return m->end_info;
    fe_end_info *e = info_by_usr(cx, decl);
    if (m)
        m->end_info = e;
    return e;
}

static fe_end_info *info_by_usr(fe_ctx *cx, CXCursor decl)
{
    const char *usr = fe_string(cx, clang_getCursorUSR(decl));
    unsigned b = fe_usr_bucket(usr);
    for (fe_end_info *e = cx->eval->end_info[b]; e; e = e->next)
        if (strcmp(e->usr, usr) == 0)
            return e;
    fe_end_info *e = vks_arena_alloc(cx->arena, sizeof *e);
    e->usr = usr;
    e->quiet = -1;
    e->next = cx->eval->end_info[b];
    cx->eval->end_info[b] = e;
    const char *name = fe_string(cx, clang_getCursorSpelling(decl));
    e->jumps = strstr(name, "longjmp") != NULL;
    CXCursor definition = fe_find_function(cx, decl);
    e->declared = declared_noreturn(cx, decl) ||
                  declared_noreturn(cx, clang_getCanonicalCursor(decl)) ||
                  (!clang_Cursor_isNull(definition) && declared_noreturn(cx, definition));
    e->never_returns = e->declared;
    if (!e->never_returns && !clang_Cursor_isNull(definition)) {
        CXCursor body = fe_function_body(definition);
        e->computing = true; /* a recursive call does not end it */
        e->never_returns = !clang_Cursor_isNull(body) && stmt_ends(cx, body);
        e->computing = false;
    }
    return e;
}

bool fe_never_returns(fe_ctx *cx, CXCursor decl)
{
    if (clang_Cursor_isNull(decl))
        return false;
    fe_end_info *e = info_of(cx, decl);
    return !e->computing && e->never_returns;
}

/* Whether running `stmt` from its start always ends the program. */
typedef struct {
    bool found;
} leave_search;

static enum CXChildVisitResult find_leave(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    leave_search *s = d;
    switch (clang_getCursorKind(c)) {
    case CXCursor_ReturnStmt: case CXCursor_BreakStmt: case CXCursor_ContinueStmt:
    case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt:
        s->found = true;
        return CXChildVisit_Break;
    default:
        return CXChildVisit_Recurse;
    }
}

/* Whether `stmt` might leave the statement around it by return, break,
   continue or goto (a break of a loop inside it counts too: coarse, so
   the answer errs towards "not an end").  Asked at every `if` a path
   runs, answered from the AST once per statement (fe_node_memo). */
static bool may_leave(CXCursor stmt)
{
    fe_node_memo *m = fe_node_memo_of(stmt);
    if (m && m->may_leave != FE_MEMO_UNSET)
        return m->may_leave == FE_MEMO_YES;
    leave_search s = {false};
    find_leave(stmt, clang_getNullCursor(), &s);
    if (!s.found)
        clang_visitChildren(stmt, find_leave, &s);
    if (m)
        m->may_leave = s.found ? FE_MEMO_YES : FE_MEMO_NO;
    return s.found;
}

static bool ends_here(fe_ctx *cx, CXCursor call)
{
    CXCursor decl = fe_callee_decl(call);
    if (clang_Cursor_isNull(decl))
        return false;
    fe_end_info *e = info_of(cx, decl);
    return !e->computing && e->never_returns && !e->jumps;
}

typedef struct {
    fe_ctx *cx;
    CXCursor items[256];
    unsigned count;
    bool overflow;
} stmt_list;


static bool stmt_ends(fe_ctx *cx, CXCursor stmt)
{
    CXCursor c = fe_strip(stmt);
    switch (clang_getCursorKind(c)) {
    case CXCursor_CallExpr:
        return ends_here(cx, c);
    case CXCursor_CompoundStmt: {
        /* The statements run in order: the block ends the program when one
           of them does and none before it can jump past it. */
        const fe_child_list *l = fe_children_kept(cx, c); /* asked at every `if` run */
        for (unsigned i = 0; i < l->count && l->count <= 256; i++) {
            if (stmt_ends(cx, l->items[i]))
                return true;
            if (may_leave(l->items[i]))
                return false;
        }
        return false;
    }
    case CXCursor_IfStmt: {
        unsigned n;
        CXCursor then = fe_child_cursor(c, 1, &n), otherwise = fe_child_cursor(c, 2, &n);
        return n == 3 && stmt_ends(cx, then) && stmt_ends(cx, otherwise);
    }
    case CXCursor_DoStmt: { /* do { ...; exit(1); } while (0): the macro idiom */
        unsigned n;
        CXCursor body = fe_child_cursor(c, 0, &n);
        return n == 2 && stmt_ends(cx, body);
    }
    case CXCursor_LabelStmt: {
        unsigned n;
        CXCursor sub = fe_child_cursor(c, 0, &n);
        return n == 1 && stmt_ends(cx, sub);
    }
    default:
        return false;
    }
}

/* ---- submitting nothing on the way ---- */

static bool function_quiet(fe_ctx *cx, CXCursor decl);

typedef struct {
    fe_ctx *cx;
    bool quiet;
} quiet_search;

/* Vulkan calls that hand work to the device or the presentation engine
   (the table's FE_EP_SUBMITS rows). */
static bool submits(const char *entry)
{
    return fe_entry_point_has(entry, FE_EP_SUBMITS);
}

/* Whether a value of this type leads to a VkDevice or a VkQueue: the
   handle itself, or a pointer to a struct that holds one in its fields or
   in the structs they point at (`SDLTest_CommonState *` holds windows and
   renderers, no device).  Each struct is looked into once. */
enum { DEVICE_SEARCH_RECORDS = 64 };
typedef struct {
    CXCursor seen[DEVICE_SEARCH_RECORDS];
    unsigned seen_count;
    bool found;
} device_search;

static bool type_leads_to_device(device_search *s, CXType t);

/* A VkDevice or VkQueue handle itself (their canonical types are pointers
   to the loader's opaque structs). */
static bool is_device_or_queue(CXType t)
{
    CXString spelling = clang_getTypeSpelling(clang_getCanonicalType(t));
    const char *text = clang_getCString(spelling);
    bool handle = strstr(text, "VkDevice_T") || strstr(text, "VkQueue_T");
    clang_disposeString(spelling);
    return handle;
}

static enum CXVisitorResult field_leads_to_device(CXCursor field, CXClientData data)
{
    device_search *s = data;
    if (type_leads_to_device(s, clang_getCursorType(field))) {
        s->found = true;
        return CXVisit_Break;
    }
    return CXVisit_Continue;
}

static bool type_leads_to_device(device_search *s, CXType t)
{
    if (is_device_or_queue(t))
        return true;
    CXType c = clang_getCanonicalType(t);
    while (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray)
        c = clang_getCanonicalType(clang_getArrayElementType(c));
    if (c.kind == CXType_Pointer) {
        CXType pointee = clang_getCanonicalType(clang_getPointeeType(c));
        /* A function pointer handed to the call is a callback it may make
           now; one among a struct's fields (SDL_AudioSpec's) is not
           followed, nor a struct's `void *` user data. */
        if (pointee.kind == CXType_FunctionProto || pointee.kind == CXType_FunctionNoProto)
            return s->seen_count == 0;
        if (pointee.kind == CXType_Void)
            return false;
        c = pointee;
    }
    if (c.kind != CXType_Record)
        return false;
    CXCursor record = clang_getTypeDeclaration(c);
    for (unsigned i = 0; i < s->seen_count; i++)
        if (clang_equalCursors(s->seen[i], record))
            return false; /* being looked into further up */
    if (s->seen_count == DEVICE_SEARCH_RECORDS)
        return true;
    s->seen[s->seen_count++] = record;
    bool found_before = s->found;
    s->found = false;
    clang_Type_visitFields(c, field_leads_to_device, s);
    bool found = s->found;
    s->found = found_before;
    return found;
}

/* A `void *` parameter: what the callee can follow through it is only a
   handle passed as the pointer itself. */
static bool is_untyped_pointer(CXType param)
{
    return param.kind == CXType_Pointer &&
           clang_getCanonicalType(clang_getPointeeType(param)).kind == CXType_Void;
}

/* A function of a library the program links (no body in the analysed
   files, not the C library's): to submit work it needs a queue, so it
   cannot when nothing it is handed leads to a device or a queue - SDL's
   `SDLTest_CommonQuit(state)` before an exit.  What the library can
   follow is what its parameter's type says: `SDL_free(void *)` handed the
   program's context struct cannot read the device out of a layout it does
   not know (only a handle passed as the `void *` itself counts).  A
   library that kept a queue from an earlier call and submits from its own
   state is not seen: the README says so. */
bool fe_argument_leads_to_device(CXCursor call, CXCursor decl, unsigned i)
{
    CXType fn_type = clang_getCursorType(decl);
    int params = clang_getNumArgTypes(fn_type);
    CXCursor arg = fe_strip(clang_Cursor_getArgument(call, i));
    CXType as_written = clang_getCursorType(arg);
    CXType param = (int)i < params ? clang_getCanonicalType(clang_getArgType(fn_type, i))
                                   : as_written; /* a variadic argument */
    device_search s = {.seen_count = 0};
    return is_untyped_pointer(param) ? is_device_or_queue(as_written)
                                     : type_leads_to_device(&s, param);
}

/* Whether a function's parameters lead to a VkDevice or a VkQueue, as a
   library's are followed above: a callback of the program the library
   calls is handed nothing else. */
bool fe_parameters_lead_to_device(CXCursor fn)
{
    CXType fn_type = clang_getCursorType(fn);
    int params = clang_getNumArgTypes(fn_type);
    for (int i = 0; i < params; i++) {
        device_search s = {.seen_count = 0};
        CXType param = clang_getCanonicalType(clang_getArgType(fn_type, (unsigned)i));
        if (!is_untyped_pointer(param) && type_leads_to_device(&s, param))
            return true;
    }
    return false;
}

static bool library_call_quiet(CXCursor call, CXCursor decl)
{
    int argc = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < argc; i++)
        if (fe_argument_leads_to_device(call, decl, (unsigned)i))
            return false;
    return true;
}

static bool call_quiet(fe_ctx *cx, CXCursor call)
{
    const char *entry = fe_callee_entry_point(cx, call);
    if (entry && strncmp(entry, "vk", 2) == 0)
        return !submits(entry);
    CXCursor decl = fe_callee_decl(call);
    if (clang_Cursor_isNull(decl))
        return false; /* through a pointer: could be anything */
    if (function_quiet(cx, decl))
        return true;
    CXCursor definition = fe_find_function(cx, decl);
    return (clang_Cursor_isNull(definition) ||
            clang_Cursor_isNull(fe_function_body(definition))) &&
           library_call_quiet(call, decl);
}

static enum CXChildVisitResult find_loud(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    quiet_search *s = d;
    if (clang_getCursorKind(c) == CXCursor_CallExpr && !call_quiet(s->cx, c)) {
        s->quiet = false;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool stmt_quiet(fe_ctx *cx, CXCursor stmt)
{
    quiet_search s = {cx, true};
    find_loud(stmt, clang_getNullCursor(), &s);
    if (s.quiet)
        clang_visitChildren(stmt, find_loud, &s);
    return s.quiet;
}

/* A function cannot submit work when its body calls nothing that can; one
   without a body in the analysed files only when it is the C library's
   (declared in a system header: printf, fflush, free, exit). */
static bool function_quiet(fe_ctx *cx, CXCursor decl)
{
    fe_end_info *e = info_of(cx, decl);
    if (e->quiet >= 0)
        return e->quiet;
    CXCursor definition = fe_find_function(cx, decl);
    if (clang_Cursor_isNull(definition) || clang_Cursor_isNull(fe_function_body(definition))) {
        e->quiet = clang_Location_isInSystemHeader(clang_getCursorLocation(decl)) != 0;
        return e->quiet;
    }
    e->quiet = 0; /* a recursive call: assume the worst */
    e->quiet = stmt_quiet(cx, fe_function_body(definition));
    return e->quiet;
}

bool fe_only_ends_program(fe_ctx *cx, CXCursor stmt)
{
    bool ends = !clang_Cursor_isNull(stmt) && stmt_ends(cx, stmt) &&
                stmt_quiet(cx, stmt);
    if (ends) /* not run: what it records is never submitted (sites.c) */
        fe_sites_program_ends(cx, stmt);
    return ends;
}

/*
 * GLib's precondition checks, g_return_if_fail (expr) and
 * g_return_val_if_fail (expr, val), expand to `if (expr) { } else {
 * g_return_if_fail_warning (...); return; }`.  GLib's documentation of
 * them: "If expr evaluates to FALSE, the current function should be
 * considered to have undefined behaviour (a programmer error).  The only
 * correct solution to such an error is to change the module that is
 * calling the current function, so that it avoids this incorrect call."
 * The failing way is a broken contract, as a failed assert() is, and not a
 * way the program runs: GStreamer's Vulkan library checks the type of
 * every object it is handed, and those checks were five in six of the
 * ways its recording functions were run (gst_vulkan_trash_list_add and
 * _gc, each twice per frame), until the run limits ended them.  A call
 * that reports a broken precondition ends the path as infeasible.
 */
bool fe_call_breaks_precondition(fe_ctx *cx, CXCursor call)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr)
        return false;
    CXCursor decl = fe_callee_decl(call);
    return !clang_Cursor_isNull(decl) &&
           strcmp(fe_string(cx, clang_getCursorSpelling(decl)), "g_return_if_fail_warning") == 0;
}

bool fe_only_breaks_precondition(fe_ctx *cx, CXCursor stmt)
{
    if (clang_Cursor_isNull(stmt))
        return false;
    CXCursor first = stmt;
    if (clang_getCursorKind(stmt) == CXCursor_CompoundStmt) {
        const fe_child_list *ch = fe_children_kept(cx, stmt);
        if (ch->count == 0)
            return false;
        first = ch->items[0];
    }
    return fe_call_breaks_precondition(cx, fe_strip(first));
}

/* Whether the path ends at this call: the function never returns and
   either its body is not analysed (exit, a declared fatal handler) or it
   submits nothing on the way (so running its body would add nothing). */
bool fe_call_ends_path(fe_ctx *cx, CXCursor call)
{
    CXCursor decl = fe_callee_decl(call);
    if (clang_Cursor_isNull(decl))
        return false;
    fe_end_info *e = info_of(cx, decl);
    if (e->computing || !e->never_returns)
        return false;
    CXCursor definition = fe_find_function(cx, decl);
    bool has_body = !clang_Cursor_isNull(definition) &&
                    !clang_Cursor_isNull(fe_function_body(definition));
    bool ends = !has_body || function_quiet(cx, decl);
    /* Where the path ended, for the report of the call sites no path
       reached (sites.c). */
    if (ends && !cx->path.exit_at.file)
        cx->path.exit_at = fe_loc(cx, call);
    return ends;
}
