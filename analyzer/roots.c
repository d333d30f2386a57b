/*
 * roots.c - where recordings start: which functions the front end runs.
 *
 * A function records when it calls vkBeginCommandBuffer, directly or
 * through helpers defined in the analysed files.  Each recording function
 * that no other recording function calls is run from its first statement,
 * with its helpers inlined (eval.c), so a `begin_frame(cmd)` helper, the
 * commands its caller records afterwards, and the frame loop around both
 * are seen together.  Recording functions reachable only through a cycle
 * of calls are run as well, so nothing that records is left out.
 */
#include <string.h>

#include "eval.h"

typedef fe_call_node call_node;

typedef struct {
    fe_ctx *cx;
    call_node *node;
} body_walk;

static enum CXChildVisitResult collect_calls(CXCursor c, CXCursor parent,
                                             CXClientData data)
{
    body_walk *w = data;
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return CXChildVisit_Recurse;
    const char *entry = fe_callee_entry_point(w->cx, c);
    if (entry && fe_entry_point_has(entry, FE_EP_BEGINS))
        w->node->begins = true;
    if (entry && strncmp(entry, "vkCmd", 5) == 0)
        w->node->calls_cmd = true;
    if (entry && fe_entry_point_has(entry, FE_EP_SUBMITS) &&
        fe_entry_point_has(entry, FE_EP_SITE))
        w->node->submits = true;
    if (entry && fe_entry_point_has(entry, FE_EP_CREATES))
        w->node->creates = true;
    fe_function *callee = fe_called_function(w->cx, c);
    if (callee)
        VKS_PUSH(w->cx->arena, w->node->callees, w->node->callee_count,
                 w->node->callee_cap, callee->index);
    /* A thread's start routine is run where the thread is created
       (threads.c): the creator calls it, so it is no root of its own. */
    fe_function *started = fe_thread_start_routine(w->cx, c);
    if (started)
        VKS_PUSH(w->cx->arena, w->node->callees, w->node->callee_count,
                 w->node->callee_cap, started->index);
    return CXChildVisit_Recurse;
}

fe_call_node *fe_call_graph(fe_ctx *cx)
{
    size_t n = cx->eval->function_count;
    call_node *nodes = vks_arena_alloc(cx->arena, sizeof *nodes * (n + 1));
    memset(nodes, 0, sizeof *nodes * (n + 1));
    for (size_t i = 0; i < n; i++) {
        body_walk w = {cx, &nodes[i]};
        clang_visitChildren(cx->eval->function_list[i]->definition, collect_calls, &w);
    }
    return nodes;
}

static void mark_reached(call_node *nodes, size_t i)
{
    if (nodes[i].reached)
        return;
    nodes[i].reached = true;
    for (size_t k = 0; k < nodes[i].callee_count; k++)
        mark_reached(nodes, nodes[i].callees[k]);
}

/*
 * Functions that have a property (`has`: calls a vkCmd*, or submits),
 * themselves or through helpers, that no function with it and no recording
 * function calls, and that the roots before them do not reach, are roots
 * too; so is one reached only through a cycle.
 *
 * Issue 11, cause 6: "Recording functions that never begin the command
 * buffer are skipped.  Library renderers ... record into a command buffer
 * handed to them and never call vkBeginCommandBuffer ... Such a function
 * is a recording too: analyse it with what came before unknown (no hazard
 * against the unknown prefix, every hazard inside it)."  With `handed`,
 * the roots are marked handed_recording: their vkCmd* calls open a
 * recording of their own (entry_points.c, open_handed_recording).
 *
 * Issue 11, cause 4: "Every vkCmd*, vkQueueSubmit* and vkBeginCommandBuffer
 * call site in the inputs is either reached by an analysed path or
 * reported as not reached."  A function that submits command buffers
 * recorded elsewhere (a renderer's `flush`: end, submit, wait on the
 * fence) and that nothing in the inputs calls was neither: it is a root
 * of its own, what it submits unknown, so that what it does on the host
 * around the submission (the fence wait, the mapped memory it touches) is
 * checked like any other path's.
 */
static void add_roots_with(fe_ctx *cx, call_node *nodes, size_t n, bool *has, bool handed,
                           fe_function **out, size_t *count)
{
    bool *called = vks_arena_alloc(cx->arena, sizeof *called * (n + 1));
    memset(called, 0, sizeof *called * (n + 1));
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i < n; i++)
            for (size_t k = 0; k < nodes[i].callee_count && !has[i]; k++)
                if (has[nodes[i].callees[k]])
                    has[i] = changed = true;
    }
    for (size_t i = 0; i < n; i++)
        if (has[i] || nodes[i].records)
            for (size_t k = 0; k < nodes[i].callee_count; k++)
                if (nodes[i].callees[k] != i)
                    called[nodes[i].callees[k]] = true;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < n; i++)
            if (has[i] && !nodes[i].records && !nodes[i].reached &&
                (pass == 1 || !called[i])) {
                cx->eval->function_list[i]->handed_recording = handed;
                out[(*count)++] = cx->eval->function_list[i];
                mark_reached(nodes, i);
            }
}

size_t fe_find_roots(fe_ctx *cx, fe_function ***roots)
{
    size_t n = cx->eval->function_count;
    call_node *nodes = fe_call_graph(cx);
    for (size_t i = 0; i < n; i++) {
        nodes[i].records = nodes[i].begins;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i < n; i++)
            for (size_t k = 0; k < nodes[i].callee_count && !nodes[i].records; k++)
                if (nodes[nodes[i].callees[k]].records)
                    nodes[i].records = changed = true;
    }
    for (size_t i = 0; i < n; i++)
        if (nodes[i].records)
            for (size_t k = 0; k < nodes[i].callee_count; k++)
                if (nodes[i].callees[k] != i)
                    nodes[nodes[i].callees[k]].called_by_recorder = true;

    cx->eval->call_graph = nodes;
    fe_function **out = vks_arena_alloc(cx->arena, sizeof *out * (n + 1));
    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        if (nodes[i].records && !nodes[i].called_by_recorder) {
            out[count++] = cx->eval->function_list[i];
            mark_reached(nodes, i);
        }
    for (size_t i = 0; i < n; i++)
        if (nodes[i].records && !nodes[i].reached) {
            out[count++] = cx->eval->function_list[i];
            mark_reached(nodes, i);
        }
    bool *cmds = vks_arena_alloc(cx->arena, sizeof *cmds * (n + 1));
    bool *submits = vks_arena_alloc(cx->arena, sizeof *submits * (n + 1));
    for (size_t i = 0; i < n; i++) {
        cmds[i] = nodes[i].calls_cmd;
        submits[i] = nodes[i].submits;
    }
    add_roots_with(cx, nodes, n, cmds, true, out, &count);
    add_roots_with(cx, nodes, n, submits, false, out, &count);
    *roots = out;
    return count;
}

/* Marks in reached[] every function `from` calls, directly or through
   others, itself included (the graph fe_find_roots built). */
static void mark_in(const call_node *nodes, size_t i, bool *reached)
{
    if (reached[i])
        return;
    reached[i] = true;
    for (size_t k = 0; k < nodes[i].callee_count; k++)
        mark_in(nodes, nodes[i].callees[k], reached);
}

void fe_functions_reached_from(fe_ctx *cx, size_t from, bool *reached)
{
    const call_node *nodes = cx->eval->call_graph;
    if (nodes && from < cx->eval->function_count)
        mark_in(nodes, from, reached);
}
