/*
 * eval.h - the evaluator's side of the C front end: libclang's AST run as an
 * abstract interpreter (eval_expr.c, eval_stmt.c), the libclang helpers it
 * stands on (clang_support.c), and what it decides from the source alone:
 * which calls end the program (program_end.c), known C strings (strings.c),
 * where recordings start (roots.c).  The evaluator turns every call into an
 * fe_call record for the Vulkan models (model.h); libclang's types never
 * reach them, and never leave analyzer/.
 */
#ifndef VKSYNC_ANALYZER_EVAL_H
#define VKSYNC_ANALYZER_EVAL_H

#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>

#include "model.h"

/* A function definition any analysed file provides, by USR. */
typedef struct fe_function {
    const char *usr;
    CXCursor definition;
    size_t index;               /* in fe_eval_state.function_list */
    /* A root that records into a command buffer it is handed and never
       begins one (roots.c, issue 11 cause 6). */
    bool handed_recording;
    /* A call through a pointer ran it (eval_expr.c, function_behind_pointer):
       as a handed recording it is analysed there, with what its caller
       recorded before it, and not again on its own (frontend.c). */
    bool reached_through_pointer;
    /* Whether it only computes with floating-point numbers (arithmetic.c):
       0 not decided yet. */
    unsigned char arithmetic;
    struct fe_function *next;   /* in its hash bucket */
} fe_function;

enum { FE_FUNCTION_BUCKETS = 256 };

struct fe_eval_state {
    fe_function *functions[FE_FUNCTION_BUCKETS];
    fe_function **function_list; /* in file order, then source order */
    size_t function_count, function_cap;
    /* Where each registered definition is (frontend.c): a header's
       functions are registered once however many files include it. */
    struct fe_definition_site *definition_sites[FE_FUNCTION_BUCKETS];
    /* Functions that never return / cannot submit (program_end.c), by USR. */
    struct fe_end_info *end_info[FE_FUNCTION_BUCKETS];
    /* Runs a function body (eval_stmt.c).  Calls are expressions, and a call
       to a helper runs the helper's statements: the expression evaluator
       reaches the statement executor through this pointer, which the driver
       sets, so that neither file depends on the other in a circle. */
    void (*run_body)(fe_ctx *cx, CXCursor body);
    /* Runs one statement (eval_stmt.c fe_exec), the same way: a GNU
       statement expression's statements (eval_expr.c). */
    void (*run_statement)(fe_ctx *cx, CXCursor stmt);
    /* Who calls whom among function_list (roots.c), once fe_find_roots
       ran; NULL before. */
    struct fe_call_node *call_graph;
    /* Regions that record nothing (summary.c). */
    struct fe_summary_state *summary;
    CXCursor run_as_code;       /* the statement one way of a region runs */
    /* A jump into statements (eval_stmt.c, enter_statement): the chain
       of statements from a switch body's statement down to the case label
       the switch goes to, nested in a loop or a block (Duff's device,
       protothreads' PT_YIELD); entering_count 0 when none. */
    CXCursor *entering;
    unsigned entering_count;
    /* Names asked for again and again, made once (clang_support.c,
       eval_expr.c): a file's name for locations, a declaration's key. */
    struct fe_file_cache *files;
    struct fe_children_cache *children;
    struct fe_intern_table *interned; /* fe_intern */
    struct fe_content_cache *contents; /* fe_file_contents */
    struct fe_type_cache *types;       /* eval_expr.c */
    struct fe_liveness_cache *liveness; /* liveness.c, by function USR */
    CXCursor current_body;      /* of the innermost function being run */
    /* The statement being run (fe_exec): a call that is the whole of it
       is called as a statement (fe_frame.statement_call). */
    CXCursor current_statement;
    /* The condition of the `if` being tested when its branch only leaves
       and adds nothing (`if (a () != 0 || b () != 0) return 1;`): an `||`
       in it that decides alone takes that branch (eval_expr.c,
       decide_left_operand).  Null otherwise. */
    CXCursor quiet_leave_condition;
    /* The globals any path read, by key (eval_expr.c fe_read_global). */
    struct fe_global_decl *global_decls[FE_FUNCTION_BUCKETS];
};

/* ---- libclang helpers (analyzer/clang_support.c) ---- */
/* A CXString's text, kept for the program's lifetime (interned: equal
   texts are one copy), and the CXString disposed. */
const char *fe_string(fe_ctx *cx, CXString s);
/* clang_getCursorSpelling(c) as fe_string keeps it, asked of libclang once
   per node. */
const char *fe_spelling(fe_ctx *cx, CXCursor c);
/* clang_getCursorType, kept on the node (fe_node_memo): the evaluator asks
   it of the same nodes on every run. */
CXType fe_cursor_type(CXCursor c);
/* `text` kept for the program's lifetime, once per distinct text. */
const char *fe_intern(fe_ctx *cx, const char *text);
const char *fe_intern_printf(fe_ctx *cx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A file's name as clang spells it, and as locations show it (the path as
   given for an input), each made once. */
const char *fe_file_spelling(fe_ctx *cx, CXFile file, bool as_given);
/* Where a cursor is, with the current chain of helper calls. */
vks_loc fe_loc(fe_ctx *cx, CXCursor c);
/* Where a cursor is written: fe_loc, but inside a macro's argument where
   the argument is written, not where the macro is used
   (clang_getFileLocation).  For a Vulkan call's own location, which the
   findings show (kh_foreach_value (h, b, { vkCmdFillBuffer (...); })
   over several lines); fe_loc's positions are what liveness.c compares. */
vks_loc fe_written_loc(fe_ctx *cx, CXCursor c);
/* Reports a vksync-incomplete finding at the cursor (once per place). */
void fe_incomplete(fe_ctx *cx, CXCursor at, const char *message);

/* A cursor's children.  With an arena every child is collected; without
   one (arena NULL) the first FE_SMALL_CHILDREN only. */
enum { FE_SMALL_CHILDREN = 16 };
typedef struct fe_cursors {
    CXCursor *items;
    unsigned count, cap;
    vks_arena *arena;
    CXCursor small[FE_SMALL_CHILDREN];
} fe_cursors;
void fe_children(vks_arena *arena, CXCursor c, fe_cursors *out);
/* A node's children as fe_children_kept keeps them. */
typedef struct fe_child_list {
    CXCursor *items;
    unsigned count;
} fe_child_list;
/* While an analysis runs, fe_children answers from the lists
   fe_children_kept keeps (then every child is given, arena or not): begin
   with the analysis's context, end before its translation units are
   disposed. */
void fe_child_lists_begin(fe_ctx *cx);
void fe_child_lists_end(void);
/* Every child of c, collected once per cursor and kept (the AST does not
   change): a block run once per path and per call costs no memory again.
   The list is the evaluator's; do not change it. */
const fe_child_list *fe_children_kept(fe_ctx *cx, CXCursor c);
/*
 * What the evaluator works out about a node from the AST alone, once, kept
 * beside its child list while an analysis runs: libclang answers it the
 * same on every path and every call, and asking again (clang_Cursor_Evaluate
 * on each literal, the size of each expression's type) was a tenth of
 * vkcube's time.  Zero means not worked out yet.
 */
enum { FE_MEMO_UNSET, FE_MEMO_YES, FE_MEMO_NO, FE_MEMO_SEARCHING };
/* How a value of an integer type wraps (eval_expr.c normalise). */
typedef struct fe_int_shape {
    bool integer, is_bool, is_signed;
    long long size;             /* bytes; <= 0 or >= 8: no wrapping */
} fe_int_shape;
typedef struct fe_node_memo {
    unsigned char constant;     /* YES: clang_Cursor_Evaluate gives an int */
    uint64_t constant_value;
    bool shape_known;
    fe_int_shape shape;         /* of the node's type */
    unsigned char may_leave;    /* a return, break, continue or goto inside
                                   (program_end.c) */
    unsigned char branch_matters; /* eval_stmt.c */
    /* summary.c not_a_region, by what may leave (LEAVE_BY_RETURN |
       LEAVE_BY_CONTINUE) */
    bool region_known;
    bool not_region[4];
    /* clang_support.c: where it is (fe_loc, without the calls), its
       declaration key (fe_decl_key), its source text (fe_source_text) */
    const char *loc_file;
    unsigned loc_line, loc_col;
    const char *decl_key;
    const char *source_text;
    /* eval_stmt.c: "`cond` is false", "`cond` is true" (branch_text) */
    const char *branch_text[2];
    /* clang_support.c: the node without its parentheses and casts
       (fe_strip), once stripped_known */
    bool stripped_known;
    CXCursor stripped;
    /* summary.c code_quiet: records nothing (FE_MEMO_*), and whether it
       has a way to split */
    unsigned char code_quiet;
    bool code_branches;
    /* summary.c records_but_branches: FE_MEMO_*, and its text */
    unsigned char records_but_branches;
    const char *records_but_branches_text;
    /* quiet_leave.c: nothing the function runs after this call returns
       adds anything; a branch that leaves at once adds nothing; no way
       through the function whose body this is adds anything (SEARCHING
       while its body is searched: a recursive call) */
    unsigned char quiet_after_call, quiet_leave, function_adds_nothing;
    /* eval_expr.c call_record: which of a call's first 64 arguments lead
       to the device (fe_argument_leads_to_device), once known */
    bool device_args_known;
    uint64_t device_args;
    /* eval_expr.c, what the evaluator asks libclang about the node on
       every run (a fifth of vkcube's time was libclang answering the same
       questions again): whether a member reference's base is a pointer;
       how a cast converts (CAST_*); a declaration reference's
       declaration.  clang_support.c: its spelling (fe_spelling). */
    const char *spelling;
    bool type_known;            /* fe_cursor_type */
    CXType type;
    /* program_end.c: a function declaration's end info, found by its USR
       once (making the USR was most of what asking cost) */
    struct fe_end_info *end_info;
    unsigned char base_is_pointer;  /* FE_MEMO_* */
    unsigned char cast;
    /* eval_stmt.c, an `if`: a cache's test (FE_MEMO_*), whether the way
       that makes the object may wait on the host, and whether that way
       ends where the function does */
    unsigned char cache_miss_creates;
    bool cache_making_waits, cache_making_ends_function;
    /* eval_stmt.c, a loop's condition: the loop's body assigns each
       variable it reads in a statement of the body's own (FE_MEMO_*) */
    unsigned char condition_recomputed;
    /* eval_stmt.c, a switch: case labels nested in its body's statements
       (FE_MEMO_*), looked for once */
    unsigned char nested_case_labels;
    unsigned char more_than_creation; /* quiet_leave.c, a function body */
    unsigned char writes_only_locals; /* eval_expr.c, a function body: FE_MEMO_* */
    unsigned char va_arg;       /* fe_is_va_arg: FE_MEMO_* */
    unsigned char range_designator; /* eval_expr.c, `[a ... b] = v`: FE_MEMO_* */
    /* eval_expr.c fe_cleanup_function, a variable: whether it is declared
       with GCC's cleanup attribute (FE_MEMO_*), and the function named */
    unsigned char cleanup;
    const struct fe_function *cleanup_function;
    unsigned char union_member; /* unions.c: a member of a union */
    bool referenced_known;
    CXCursor referenced;
    /* eval_expr.c function_value: a function declaration's name as a value */
    const char *function_ident;
    /* eval_expr.c, a call: its value the last time it was evaluated, on run
       call_run (fe_ctx.run_serial; the value lives in that run's arena),
       for the condition that tests it (fe_symbolic). */
    const struct fe_val *call_value;
    unsigned call_run;
} fe_node_memo;
/* The node's memo while an analysis runs, else NULL (work it out then). */
fe_node_memo *fe_node_memo_of(CXCursor c);
/* What libclang evaluates a literal, sizeof or const integer to (false:
   not an integer constant), asked once per node. */
bool fe_evaluated_int(CXCursor c, uint64_t *value);
/* Child `index` of c (a null cursor past the end) and, in *count, how many
   it has (up to FE_SMALL_CHILDREN). */
CXCursor fe_child_cursor(CXCursor c, unsigned index, unsigned *count);
/* Strips parentheses and implicit casts (not a va_arg). */
CXCursor fe_strip(CXCursor c);
/* A `va_arg (ap, T)` (clang_support.c): its first expression child is the
   va_list it reads and moves on. */
bool fe_is_va_arg(CXCursor c);
/* A function definition's body (a null cursor for a declaration). */
CXCursor fe_function_body(CXCursor fn);
/* Where fn's body last reads each of its locals (liveness.c), made once. */
const fe_function_uses *fe_function_uses_of(fe_ctx *cx, CXCursor fn);
/* A file's text (NULL, *size 0 for none), looked up once per file. */
const char *fe_file_contents(fe_ctx *cx, CXCursor c, CXFile file, size_t *size);
/* The expression's source text for messages, shortened. */
const char *fe_source_text(fe_ctx *cx, CXCursor c);

/* Types. */
/* A floating expression converted to the integer type `to` (floating.c):
   its value truncated toward zero, when it can be computed from constants,
   the integers `read` knows (the evaluator's reader) and const objects,
   and the type holds it. */
typedef bool (*fe_integer_reader)(fe_ctx *cx, CXCursor expr, uint64_t *out);
bool fe_floating_to_integer(fe_ctx *cx, CXCursor operand, CXType to, fe_integer_reader read,
                            uint64_t *out);
bool fe_type_is_signed(CXType t);
bool fe_type_is_integer(CXType t);
bool fe_type_is_array(CXType t);
bool fe_type_is_pointer(CXType t);
/* sizeof a type in bytes (void: 1, as GNU C's pointer arithmetic), 0 unknown. */
uint64_t fe_type_size(CXType t);

/* Callees.  The Vulkan entry point a call resolves to ("vkCmdCopyBuffer"),
   or NULL; arena memory. */
const char *fe_callee_entry_point(fe_ctx *cx, CXCursor call);
/* The FunctionDecl a call names directly (not through a pointer), or a
   null cursor. */
CXCursor fe_callee_decl(CXCursor call);
/* A function's definition in any analysed file, or a null cursor. */
CXCursor fe_find_function(fe_ctx *cx, CXCursor decl);
void fe_register_function(fe_ctx *cx, CXCursor definition);
/* The registered function with this USR, or NULL. */
fe_function *fe_function_by_usr(fe_ctx *cx, const char *usr);
/* The registered function whose definition a call reaches, or NULL. */
fe_function *fe_called_function(fe_ctx *cx, CXCursor call);
/* Whether a call is to a program function that only computes with
   floating-point numbers (arithmetic.c): run as a call without a body. */
bool fe_call_is_arithmetic(fe_ctx *cx, CXCursor call);
/* Program definitions (not in a system header).  A header included by two
   analysed files gives each translation unit its own copy of its
   definitions; only the first is registered, by place (fe_definition_site:
   "real path@offset"), and fe_is_registered_definition tells it from the
   later copies. */
bool fe_is_program_definition(CXCursor c);
const char *fe_definition_site(fe_ctx *cx, CXCursor c);
fe_function *fe_function_at_site(fe_ctx *cx, const char *site);
void fe_register_definition_site(fe_ctx *cx, const char *site, fe_function *f);
bool fe_is_registered_definition(fe_ctx *cx, CXCursor c);
/* The hash bucket of a USR in fe_eval_state's function tables. */
unsigned fe_usr_bucket(const char *usr);

/* Compiler arguments: a growing argv (arena memory). */
typedef struct fe_arg_list {
    const char **items;
    int count, cap;
    vks_arena *arena;
} fe_arg_list;
void fe_add_arg(fe_arg_list *a, const char *arg);
/* The entry's arguments (argv[0] included) of a file the database lists
   (listed_files: every file it lists, absolute); false when it has none. */
bool fe_compdb_arguments(CXCompilationDatabase db, const char **listed_files,
                         size_t listed_count, const char *path, fe_arg_list *args);
CXCompilationDatabase fe_load_compdb_quietly(const char *dir,
                                             CXCompilationDatabase_Error *err);
void fe_list_compdb_files(CXCompilationDatabase db, vks_arena *arena,
                          const char ***files, size_t *count);
/* Any clang error in a parsed file: 2 and a one-line *error, else 0. */
int fe_check_diagnostics(vks_arena *arena, const char *path, CXTranslationUnit tu,
                         const char **error);

/* ---- expressions and calls (analyzer/eval_expr.c) ---- */
fe_val *fe_eval(fe_ctx *cx, CXCursor expr);
/* The node an lvalue expression designates, or NULL. */
fe_val *fe_lvalue(fe_ctx *cx, CXCursor expr);
/* The key a variable or parameter is bound by: the identity its value and
   every value reached through it are named after ("file@offset", a
   global's USR). */
const char *fe_decl_key(fe_ctx *cx, CXCursor decl);
/* A variable with static storage declared outside any function. */
bool fe_is_global_var(CXCursor decl);
/* A variable declaration: binds its initial value in the current scope. */
void fe_declare(fe_ctx *cx, CXCursor decl);
/* The condition as an SMT expression over the path's unknowns. */
const vks_smt_expr *fe_symbolic(fe_ctx *cx, CXCursor cond);

/* The state of the innermost function and loop (eval_stmt.c runs them,
   eval_expr.c's calls start a function). */
struct fe_return_state {
    bool returned;
    fe_val *value;
    /* Every way of a joined region returned, and the ways were kept by
       the region that runs this call every way (summary.c): this run of
       the function has no state of its own to return. */
    bool captured;
};
struct fe_loop_state {
    bool broke, continued;
};

/* The name an unknown value v is known by from now on (given on first use). */
const char *fe_unknown_name(fe_ctx *cx, fe_val *v);
/* GCC's cleanup attribute: the program function a block variable names
   in `__attribute__((cleanup(f)))`, or NULL; fe_run_cleanup calls it with
   the variable's address, as the block ends (eval_stmt.c). */
const fe_function *fe_cleanup_function(fe_ctx *cx, CXCursor var);
void fe_run_cleanup(fe_ctx *cx, CXCursor var);
/* Whether the path runs no further statement here: it returned, broke
   out, jumped, ended or ran out of steps (eval_expr.c). */
bool fe_path_stopped(fe_ctx *cx);
/* Runs a helper's body with its arguments bound (a frame of its own). */
fe_val *fe_inline_call(fe_ctx *cx, CXCursor fn, CXCursor call, fe_val **args,
                       unsigned argc);

/* ---- threads the program starts (threads.c) ---- */
/* The start routine's and its argument's positions in a call of
   pthread_create or thrd_create; false for any other call. */
bool fe_thread_start_positions(fe_ctx *cx, CXCursor call, unsigned *routine, unsigned *arg);
/* The program function such a call starts, or NULL. */
fe_function *fe_thread_start_routine(fe_ctx *cx, CXCursor call);

/* ---- code that records nothing, run every way and joined (summary.c) ---- */
/* Whether a function may record: reaches an entry point of the table or a
   vkCmd*, itself or through helpers. */
bool fe_function_records(fe_ctx *cx, CXCursor decl);
/* Whether code may record: calls an entry point of the table or a vkCmd*,
   itself or through helpers. */
bool fe_code_records(fe_ctx *cx, CXCursor code);
/* Whether a function, or code, may record, submit or map memory, directly
   or through its helpers, as opposed to only making objects; *waits: it
   may wait on the host too (quiet_leave.c). */
bool fe_function_does_more_than_create(fe_ctx *cx, CXCursor fn);
bool fe_code_does_more_than_create(fe_ctx *cx, CXCursor code, bool *waits);
/* Called before each statement runs: true when it may record and it is in
   a way of a statement run every way (the way stops there, not joined);
   counts it while such a statement's recording ways run as code. */
bool fe_may_record_here(fe_ctx *cx, CXCursor stmt);
/* Runs the statement (an `if`, `switch` or loop) every way, each with
   `exec` (the statement executor: its caller, so that this file depends on
   neither), and joins the ways; false when it is to be run as any code
   (then nothing happened). */
typedef void fe_statement_runner(fe_ctx *cx, CXCursor stmt);
bool fe_run_statement_every_way(fe_ctx *cx, CXCursor stmt, fe_statement_runner *exec);
/* One iteration of a loop body that records nothing, every way, joined;
   exec runs it once and ends the iteration (a `continue` taken is done). */
bool fe_run_loop_body_every_way(fe_ctx *cx, CXCursor body, fe_statement_runner *exec);
/* The same for a call to a helper that records nothing, run by
   `inline_call`; *result is the joined return value. */
typedef fe_val *fe_call_runner(fe_ctx *cx, CXCursor fn, CXCursor call, fe_val **args,
                               unsigned argc);
bool fe_run_call_every_way(fe_ctx *cx, CXCursor fn, CXCursor call, fe_val **args,
                           unsigned argc, fe_val **result, fe_call_runner *inline_call);

/* A region whose join lost what a Vulkan call needed is run as any code
   from now on (the driver runs the path again); or every region. */
void fe_split_region(fe_ctx *cx, vks_loc region);
void fe_split_every_region(fe_ctx *cx, bool on);

/* ---- statements (analyzer/eval_stmt.c) ---- */
void fe_exec(fe_ctx *cx, CXCursor stmt);
void fe_exec_body(fe_ctx *cx, CXCursor body);
/* Runs a function definition's body as the analysed (outermost) function. */
void fe_run_function(fe_ctx *cx, CXCursor fn);

/* ---- unions (analyzer/unions.c) ---- */
/* The node of member `name` of `object` reached by member_ref when it is a
   member of a union and the union holds another member: the held one
   converted by byte offset, and held from now on; NULL when there is
   nothing to convert (fe_child gives the member). */
fe_val *fe_union_member(fe_ctx *cx, fe_val *object, CXCursor member_ref, const char *name);

/* ---- C strings (analyzer/strings.c) ---- */
/* A string literal: a char array node holding its text (unknown text for
   one with escapes or a prefix). */
fe_val *fe_string_literal(fe_ctx *cx, CXCursor literal);
/* snprintf / sprintf (the C library's) writing a known string into their
   destination; strcmp, strncmp and strlen of known strings: their result
   (NULL for every other call, and for unknown strings).  Called after the
   destination was forgotten as any unseen call's. */
fe_val *fe_string_call(fe_ctx *cx, const fe_call *call);
/* glibc's <ctype.h> tables (strings.c): entry `index` of the table the
   function `table` (__ctype_b_loc, ...) points at, or NULL. */
fe_val *fe_ctype_table_entry(fe_ctx *cx, const char *table, int64_t index);
/* strcpy into a char array from known text, strchr and strtok over known
   text, strtoul of a known number: their result, with what strcpy and
   strtok write (NULL for every other call and for unknown text: the call
   is then any unseen call).  Called before the arguments are forgotten. */
fe_val *fe_text_call(fe_ctx *cx, CXCursor call, fe_val **args, unsigned argc);
/* Whether a call is memcpy or memmove (strings.c); and such a call
   between objects of the path, followed element by element; false when
   the call is left unknown. */
bool fe_is_object_copy(fe_ctx *cx, CXCursor call);
bool fe_object_copy_call(fe_ctx *cx, CXCursor call, fe_val **args, int argc);

/* ---- calls that end the program (analyzer/program_end.c) ---- */
typedef struct fe_end_info fe_end_info;
/* Declared noreturn, or its body always reaches such a call. */
bool fe_never_returns(fe_ctx *cx, CXCursor decl);
/* Running `stmt` from its start always ends the program (not by longjmp)
   and submits no work on the way: a branch that need not be a path. */
bool fe_only_ends_program(fe_ctx *cx, CXCursor stmt);
/* The path ends at this call (see program_end.c); the first such call of
   a path is kept in cx->path.exit_at. */
bool fe_call_ends_path(fe_ctx *cx, CXCursor call);
/* The call reports a broken precondition (GLib's g_return_if_fail): the
   path that reaches it is no way the program runs. */
bool fe_call_breaks_precondition(fe_ctx *cx, CXCursor call);
/* The statement (a branch) starts by reporting a broken precondition. */
bool fe_only_breaks_precondition(fe_ctx *cx, CXCursor stmt);
/* Whether argument i of a call to decl (a library's function) leads to a
   VkDevice or VkQueue: the handle, a struct that holds one (followed
   through its pointers), a callback handed now, or a handle passed as
   `void *` (program_end.c). */
bool fe_argument_leads_to_device(CXCursor call, CXCursor decl, unsigned i);
/* Whether a parameter of the function leads to a VkDevice or VkQueue (a
   callback the program hands a library: what the library can give it). */
bool fe_parameters_lead_to_device(CXCursor fn);
/* A loop at its iteration limit: when everything its parts (condition,
   increment, body) can write is found in their text, it is forgotten
   (what pointers written through point at, the variables assigned) and
   true is returned; false leaves the state alone (eval_expr.c).  A
   `return` in them refuses it unless returns_allowed (the iteration run
   after it is run with its returns). */
bool fe_forget_loop_writes(fe_ctx *cx, const CXCursor *parts, unsigned part_count,
                           bool returns_allowed);
/* Whether an expression changes something when evaluated: `++`/`--`, an
   assignment, a compound assignment, a comma, a call (clang_support.c). */
bool fe_is_update_expression(CXCursor c);

/* ---- error checks whose failing way adds nothing (quiet_leave.c) ---- */
/* Whether nothing the function `body` can run after `call` returns
   records, creates, maps, submits or waits. */
bool fe_quiet_after_call(fe_ctx *cx, CXCursor body, CXCursor call);
/* Where a frame was called from: the call and the body it is in. */
struct fe_call_context {
    CXCursor call, caller_body;
};
/* Whether `branch` (a branch that leaves at once: return or goto) adds
   nothing on this path: neither it, nor what its function runs after it,
   nor what the callers run after their calls return. */
bool fe_leave_adds_nothing(fe_ctx *cx, CXCursor branch);
/* Whether nothing from `stmt` on - the statement, what its function runs
   after it, what the callers run after their calls return - can record,
   create, map, submit or wait on this path: its decisions are none. */
bool fe_rest_adds_nothing(fe_ctx *cx, CXCursor stmt);
/* Whether going past `stmt` (an `if` without `else`, not taken) adds
   nothing on this path: neither what its function runs after it nor what
   the callers run after their calls return. */
bool fe_going_past_adds_nothing(fe_ctx *cx, CXCursor stmt);
/* A value of this type is, or leads to, a command buffer (clang_support.c). */
bool fe_type_reaches_cmdbuf(fe_ctx *cx, CXType t);
/* A library function that formats text (variadic after a `char *`: a
   logger): it waits for and records nothing (clang_support.c). */
bool fe_formats_text(CXCursor decl);

/* ---- where recordings start (analyzer/roots.c) ---- */
/* What each registered function calls (fe_eval_state.function_list order):
   the facts of its own body; roots.c and the object creators (frontend.c)
   derive what they need through the callees. */
typedef struct fe_call_node {
    bool begins;     /* calls vkBeginCommandBuffer itself */
    bool calls_cmd;  /* calls a vkCmd* itself (issue 11, cause 6) */
    bool submits;    /* calls vkQueueSubmit* itself (issue 11, cause 4) */
    bool creates;    /* calls an entry point that creates an object */
    bool records;    /* roots.c: begins, itself or through a helper */
    bool called_by_recorder;
    bool reached;
    size_t *callees;
    size_t callee_count, callee_cap;
} fe_call_node;
/* A new graph (its derived fields false). */
fe_call_node *fe_call_graph(fe_ctx *cx);
/* The functions to analyse, in order: every function that records (calls
   vkBeginCommandBuffer, itself or through helpers) and is not called by
   another such function.  Returns how many; *roots is arena memory. */
size_t fe_find_roots(fe_ctx *cx, fe_function ***roots);
/* Sets reached[i] for function_list[i] when function `from` (an index in
   function_list) is i or calls it, directly or through other functions
   (direct calls only: what the evaluator follows).  After fe_find_roots. */
void fe_functions_reached_from(fe_ctx *cx, size_t from, bool *reached);

/* ---- recording call sites (analyzer/sites.c) ---- */
/* Lists every vkCmd*, vkQueueSubmit* and vkBeginCommandBuffer call in the
   function definitions of a translation unit (not in system headers). */
void fe_sites_collect(fe_ctx *cx, CXCursor translation_unit);
/* What fe_ctx.site_executed points at once sites are collected. */
void fe_sites_executed(fe_ctx *cx, vks_loc at, bool recorded);
/* The analysis of one root function (its index in function_list), and of
   one run (path) of it: the sites a kept run executed are reached. */
void fe_sites_root_begin(fe_ctx *cx, size_t function_index);
void fe_sites_root_end(fe_ctx *cx);
void fe_sites_run_begin(fe_ctx *cx);
void fe_sites_run_end(fe_ctx *cx, bool kept);
/* A run of the current root called function_list[function_index] through
   a pointer (a table of callbacks): the root reaches it and what it calls,
   though the call graph of direct calls does not say so. */
void fe_sites_called_through_pointer(fe_ctx *cx, size_t function_index);
/* A statement not run because it only ends the program: its sites are
   accounted for (what they record is never submitted). */
void fe_sites_program_ends(fe_ctx *cx, CXCursor stmt);
/* After the analysis: one vksync-incomplete finding per function whose
   recording call sites were not all reached, and the counts in stats. */
void fe_sites_report(fe_ctx *cx);

/* Binds a global no path on the stack read yet, by its key, to the value
   a first read gives it (fe_ctx.read_global); false when no path read it
   (its declaration is not known) or this path has it already. */
bool fe_read_global(fe_ctx *cx, const char *key);
fe_val *fe_initialiser_element(fe_ctx *cx, const fe_val *array, int64_t index);

#endif
