/*
 * threads.c - a thread the program starts, run where it is started.
 *
 * Engines record in parallel: worker threads, each with a command pool of
 * its own, record secondary command buffers (or primaries) that the main
 * thread executes with vkCmdExecuteCommands or submits together.  The
 * worker is a function of the program handed to the C library
 * (`pthread_create (&t, NULL, record_slice, &workers[i])`, C11's
 * `thrd_create (&t, record_slice, &workers[i])`) and called by nothing in
 * the inputs: it was a root of its own (roots.c), run with its argument
 * unknown, so the buffers it recorded on were unknown, and the main
 * thread's executions of its secondaries named no buffer (a silent miss).
 *
 * "The thread is created executing start_routine with arg as its sole
 * argument" (POSIX, pthread_create), so the start routine is run as a
 * call at the creation (eval_expr.c, thread_started; roots.c counts the
 * creator as its caller), handed the argument; the library's own arguments
 * (the thread id, the attributes) are not its.  That is the schedule in
 * which the new thread runs to completion before its creator goes on,
 * one the scheduler may choose.  A command buffer is externally
 * synchronized ("Host access to commandBuffer must be externally
 * synchronized", Vulkan spec, Fundamentals, "Threading Behavior"), so one
 * thread records it at a time and what it holds is the same in every
 * schedule; so are the objects the thread makes.  What the schedule does
 * decide is taken in this one order only (a limit): the order of two
 * threads' submissions, and a thread's host writes into mapped memory
 * racing with a submission its creator makes before joining it, are not
 * checked in the other orders.  A start routine that records nothing is
 * not run (eval_expr.c), and one whose thread waits for work from its
 * creator (a job pool on a condition variable) waits for ever where it is
 * run: its wait loop is cut at the loop limit and what it records after
 * is reported as not analysed (tests/styles/KNOWN-GAPS, thr_pool_).
 */
#include <string.h>

#include "eval.h"

bool fe_thread_start_positions(fe_ctx *cx, CXCursor call, unsigned *routine, unsigned *arg)
{
    CXCursor decl = fe_callee_decl(call);
    if (clang_Cursor_isNull(decl) ||
        !clang_Location_isInSystemHeader(clang_getCursorLocation(decl)))
        return false;
    const char *name = fe_spelling(cx, decl);
    int argc = clang_Cursor_getNumArguments(call);
    if (strcmp(name, "pthread_create") == 0 && argc == 4) {
        *routine = 2; /* (thread, attr, start_routine, arg) */
        *arg = 3;
        return true;
    }
    if (strcmp(name, "thrd_create") == 0 && argc == 3) {
        *routine = 1; /* (thr, func, arg) */
        *arg = 2;
        return true;
    }
    return false;
}

fe_function *fe_thread_start_routine(fe_ctx *cx, CXCursor call)
{
    unsigned routine, arg;
    if (!fe_thread_start_positions(cx, call, &routine, &arg))
        return NULL;
    /* `record_slice`, `&record_slice`, `(void *(*)(void *))record_slice` */
    CXCursor ref = fe_strip(clang_Cursor_getArgument(call, routine));
    while (clang_getCursorKind(ref) == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(ref) == CXUnaryOperator_AddrOf) {
        CXCursor inner = clang_getNullCursor();
        const fe_child_list *ch = fe_children_kept(cx, ref);
        if (ch->count == 1)
            inner = fe_strip(ch->items[0]);
        if (clang_Cursor_isNull(inner))
            return NULL;
        ref = inner;
    }
    if (clang_getCursorKind(ref) != CXCursor_DeclRefExpr)
        return NULL;
    CXCursor fn = clang_getCursorReferenced(ref);
    if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
        return NULL;
    return fe_function_by_usr(cx, fe_string(cx, clang_getCursorUSR(fn)));
}
