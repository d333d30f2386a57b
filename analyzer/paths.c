/*
 * paths.c - paths through recording code (DESIGN.md section 5: "a branch in
 * the recording code becomes a boolean").
 *
 * A function is executed once per path.  Every `if` / `switch` whose
 * condition the evaluator cannot compute is a decision; the first execution
 * takes the first feasible alternative everywhere, and each later execution
 * replays the previous path's decisions up to the last one that has an
 * untried alternative and takes that (depth-first enumeration by
 * re-execution, which needs no state snapshots).  An alternative is feasible
 * when Z3 finds values for the unknowns that satisfy every fact the path
 * assumed so far (`x > 3` then `x < 2` is not); Z3 giving up keeps the path,
 * since dropping it could hide a hazard.
 */
#include <stdint.h>
#include <string.h>

#include "frontend_internal.h"

static vks_smt_expr *new_expr(fe_ctx *cx, vks_smt_kind kind)
{
    vks_smt_expr *e = vks_arena_alloc(cx->arena, sizeof *e);
    e->kind = kind;
    return e;
}

static const vks_smt_expr *fresh_unknown(fe_ctx *cx)
{
    vks_smt_expr *e = new_expr(cx, VKS_SMT_VAR);
    e->name = vks_arena_printf(cx->arena, "?%u", ++cx->fresh_names);
    return e;
}

const vks_smt_expr *fe_smt_binary(fe_ctx *cx, vks_smt_op op,
                                  const vks_smt_expr *lhs, const vks_smt_expr *rhs)
{
    vks_smt_expr *e = new_expr(cx, VKS_SMT_BINARY);
    e->op = op;
    e->lhs = lhs;
    e->rhs = rhs;
    return e;
}

static bool smt_op_of(enum CXBinaryOperatorKind k, vks_smt_op *op)
{
    switch (k) {
    case CXBinaryOperator_Add: *op = VKS_SMT_ADD; return true;
    case CXBinaryOperator_Sub: *op = VKS_SMT_SUB; return true;
    case CXBinaryOperator_Mul: *op = VKS_SMT_MUL; return true;
    case CXBinaryOperator_And: *op = VKS_SMT_BITAND; return true;
    case CXBinaryOperator_Or: *op = VKS_SMT_BITOR; return true;
    case CXBinaryOperator_Xor: *op = VKS_SMT_BITXOR; return true;
    case CXBinaryOperator_EQ: *op = VKS_SMT_EQ; return true;
    case CXBinaryOperator_NE: *op = VKS_SMT_NE; return true;
    case CXBinaryOperator_LT: *op = VKS_SMT_LT; return true;
    case CXBinaryOperator_LE: *op = VKS_SMT_LE; return true;
    case CXBinaryOperator_GT: *op = VKS_SMT_GT; return true;
    case CXBinaryOperator_GE: *op = VKS_SMT_GE; return true;
    case CXBinaryOperator_LAnd: *op = VKS_SMT_AND; return true;
    case CXBinaryOperator_LOr: *op = VKS_SMT_OR; return true;
    default: return false;
    }
}

typedef struct {
    CXCursor items[4];
    unsigned count;
} few_children;

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData d)
{
    few_children *f = d;
    if (f->count < 4)
        f->items[f->count++] = c;
    return CXChildVisit_Continue;
}

static bool signed_type(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
    case CXType_Long: case CXType_LongLong:
        return true;
    default:
        return false;
    }
}

/*
 * Only side-effect-free operators are followed (the condition itself was
 * already evaluated once, with its side effects); leaves are variables and
 * members, whose symbol names tie two tests of the same value together.
 */
const vks_smt_expr *fe_symbolic(fe_ctx *cx, CXCursor cond)
{
    CXCursor c = fe_strip(cond);
    few_children ch = {.count = 0};
    clang_visitChildren(c, collect, &ch);
    switch (clang_getCursorKind(c)) {
    case CXCursor_BinaryOperator: {
        vks_smt_op op;
        if (ch.count != 2 || !smt_op_of(clang_getCursorBinaryOperatorKind(c), &op))
            return fresh_unknown(cx);
        vks_smt_expr *e = (vks_smt_expr *)fe_smt_binary(
            cx, op, fe_symbolic(cx, ch.items[0]), fe_symbolic(cx, ch.items[1]));
        e->is_signed = signed_type(clang_getCursorType(fe_strip(ch.items[0]))) &&
                       signed_type(clang_getCursorType(fe_strip(ch.items[1])));
        return e;
    }
    case CXCursor_UnaryOperator: {
        if (ch.count != 1)
            return fresh_unknown(cx);
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op == CXUnaryOperator_LNot || op == CXUnaryOperator_Not) {
            vks_smt_expr *e = new_expr(cx, op == CXUnaryOperator_LNot ? VKS_SMT_NOT
                                                                       : VKS_SMT_NEG);
            e->lhs = fe_symbolic(cx, ch.items[0]);
            return e;
        }
        if (op == CXUnaryOperator_Minus) {
            vks_smt_expr *zero = new_expr(cx, VKS_SMT_CONST);
            return fe_smt_binary(cx, VKS_SMT_SUB, zero, fe_symbolic(cx, ch.items[0]));
        }
        if (op != CXUnaryOperator_Deref)
            return fresh_unknown(cx);
        break;
    }
    case CXCursor_IntegerLiteral: case CXCursor_CharacterLiteral:
    case CXCursor_DeclRefExpr: case CXCursor_MemberRefExpr:
    case CXCursor_ArraySubscriptExpr:
        break;
    default:
        return fresh_unknown(cx);
    }
    fe_val *v = fe_eval(cx, c);
    uint64_t k;
    if (fe_known_int(v, &k)) {
        vks_smt_expr *e = new_expr(cx, VKS_SMT_CONST);
        e->value = k;
        return e;
    }
    if (v->kind == VAL_SYM && v->ident) {
        vks_smt_expr *e = new_expr(cx, VKS_SMT_VAR);
        e->name = v->ident;
        return e;
    }
    return fresh_unknown(cx);
}

const char *fe_source_text(fe_ctx *cx, CXCursor c)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile f1, f2;
    unsigned start, end;
    clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &start);
    clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &end);
    size_t size = 0;
    const char *text = f1 ? clang_getFileContents(clang_Cursor_getTranslationUnit(c),
                                                  f1, &size)
                          : NULL;
    if (!text || !clang_File_isEqual(f1, f2) || end <= start || end > size)
        return "the condition";
    size_t n = end - start;
    enum { MAX_TEXT = 60 };
    char buf[MAX_TEXT + 4];
    size_t out = 0;
    for (size_t i = 0; i < n && out < MAX_TEXT; i++) {
        char ch = text[start + i];
        if (ch == '\n' || ch == '\t' || ch == '\r')
            ch = ' ';
        if (ch == ' ' && out > 0 && buf[out - 1] == ' ')
            continue;
        buf[out++] = ch;
    }
    if (out < n && out == MAX_TEXT)
        memcpy(buf + out, "...", 3), out += 3;
    buf[out] = '\0';
    return vks_arena_strdup(cx->arena, buf);
}

static void push_step(fe_ctx *cx, vks_loc loc, const char *text)
{
    size_t count = cx->step_count, cap = cx->step_cap;
    VKS_PUSH(cx->arena, cx->step_locs, count, cap, loc);
    count = cx->step_count;
    cap = cx->step_cap;
    VKS_PUSH(cx->arena, cx->step_texts, count, cap, text);
    count = cx->step_count;
    cap = cx->step_cap;
    VKS_PUSH(cx->arena, cx->step_seq, count, cap, cx->seq);
    cx->step_count = count;
    cx->step_cap = cap;
}

void fe_path_note(fe_ctx *cx, CXCursor at, const char *text)
{
    push_step(cx, fe_loc(cx, at), text);
}

static bool mentions(const vks_smt_expr *e, const char *name)
{
    if (!e)
        return false;
    if (e->kind == VKS_SMT_VAR)
        return strcmp(e->name, name) == 0;
    return mentions(e->lhs, name) || mentions(e->rhs, name);
}

/* `if (flag)` on an unknown tested nowhere else on the path: both ways are
   possible without asking Z3. */
static bool obviously_feasible(fe_ctx *cx, const fe_alternative *alt)
{
    if (alt->fact_count != 1 || alt->facts[0].cond->kind != VKS_SMT_VAR)
        return false;
    for (size_t i = 0; i < cx->fact_count; i++)
        if (mentions(cx->facts[i].cond, alt->facts[0].cond->name))
            return false;
    return true;
}

static bool feasible_with(fe_ctx *cx, CXCursor at, const fe_alternative *alt)
{
    if (obviously_feasible(cx, alt))
        return true;
    size_t n = cx->fact_count + alt->fact_count;
    const vks_smt_expr **conds = vks_arena_alloc(cx->arena, sizeof *conds * (n + 1));
    bool *truths = vks_arena_alloc(cx->arena, sizeof *truths * (n + 1));
    for (size_t i = 0; i < cx->fact_count; i++) {
        conds[i] = cx->facts[i].cond;
        truths[i] = cx->facts[i].truth;
    }
    for (unsigned i = 0; i < alt->fact_count; i++) {
        conds[cx->fact_count + i] = alt->facts[i].cond;
        truths[cx->fact_count + i] = alt->facts[i].truth;
    }
    char why[256] = "";
    if (cx->stats)
        cx->stats->solver_queries++;
    vks_smt_answer answer = vks_smt_feasible(cx->solver, conds, truths, n, why,
                                             sizeof why);
    if (answer == VKS_SMT_UNKNOWN)
        fe_incomplete(cx, at, vks_arena_printf(
            cx->arena, "could not decide whether this branch can go this way (%s); "
            "the path is kept, hazards on it may be infeasible", why));
    return answer != VKS_SMT_UNSAT;
}

/*
 * The bound on branch decisions along one path.  Every decision costs a
 * solver query over all the facts before it and a re-execution per
 * alternative, so a function with thousands of branches on unknowns (a
 * generated 50,000-line function has 10,000) would take hours.  Past the
 * bound a branch is no longer a decision: the first alternative is followed
 * without asking Z3, no alternative is left to enumerate, and the path is
 * reported as vksync-incomplete, like a solver that gave up (hazards on it
 * may be infeasible; the branches not taken are not analysed).
 */
enum { MAX_DECISIONS_PER_PATH = 128 };

unsigned fe_choose(fe_ctx *cx, CXCursor at, const fe_alternative *alts,
                   unsigned count)
{
    unsigned index = cx->decision_count;
    if (index >= MAX_DECISIONS_PER_PATH && count > 0) {
        if (!cx->decisions_capped)
            fe_incomplete(cx, at, vks_arena_printf(
                cx->arena, "more than %d branch decisions on one path through `%s`; "
                "from here on only the first way of each branch is followed",
                MAX_DECISIONS_PER_PATH, cx->root_function ? cx->root_function : "?"));
        cx->decisions_capped = true;
        return 0;
    }
    unsigned first = 0, last = count;
    if (index < cx->forced_count) {
        first = cx->decisions[index].chosen;
        last = first + 1;
    }
    unsigned chosen = UINT32_MAX;
    /* A replayed decision before the last forced one was taken, with the
       same facts before it, by the run this one replays (the run went on
       past it), so it is feasible: asking Z3 again made the number of
       queries grow with paths x depth (vkcube: 13 000 queries, the whole
       solver budget, for 128 paths; under 1 000 now).  Only the newly
       tried alternative, decisions[forced_count - 1], and fresh decisions
       are asked. */
    bool known_feasible = index + 1 < cx->forced_count;
    for (unsigned i = first; i < last && i < count; i++)
        if (known_feasible || feasible_with(cx, at, &alts[i])) {
            chosen = i;
            break;
        }
    /* Recorded even when nothing is feasible, so the enumeration moves on
       past this alternative. */
    fe_decision d = {.chosen = chosen == UINT32_MAX ? last - 1 : chosen,
                     .alternatives = count};
    size_t dcount = cx->decision_count, dcap = cx->decision_cap;
    if (index < cx->forced_count) {
        cx->decisions[index] = d;
        cx->decision_count++;
    } else {
        VKS_PUSH(cx->arena, cx->decisions, dcount, dcap, d);
        cx->decision_count = (unsigned)dcount;
        cx->decision_cap = (unsigned)dcap;
    }
    if (chosen == UINT32_MAX) {
        cx->path_dead = true;
        return UINT32_MAX;
    }
    for (unsigned i = 0; i < alts[chosen].fact_count; i++)
        VKS_PUSH(cx->arena, cx->facts, cx->fact_count, cx->fact_cap,
                 alts[chosen].facts[i]);
    push_step(cx, fe_loc(cx, at), alts[chosen].text);
    return chosen;
}

void fe_assume(fe_ctx *cx, const vks_smt_expr *cond, bool truth)
{
    fe_fact f = {cond, truth};
    VKS_PUSH(cx->arena, cx->facts, cx->fact_count, cx->fact_cap, f);
}

void fe_attach_path_steps(fe_ctx *cx, const fe_recording *r)
{
    size_t before = 0;
    for (size_t i = 0; i < cx->step_count; i++) {
        while (before < r->cmd_seq_count && r->cmd_seq[before] <= cx->step_seq[i])
            before++;
        vks_add_path_step_at(cx->program, r->cmdbuf, cx->step_locs[i],
                             cx->step_texts[i], before);
    }
}
