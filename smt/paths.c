/*
 * paths.c - path feasibility with Z3 (include/vksync/smt.h).
 *
 * Every unknown is a 64-bit bit-vector, every C operator its bit-vector
 * counterpart, so wrap-around and unsigned comparisons are exact.  The
 * pattern is Z3's own (examples/c/test_capi.c): assert, check, read the
 * answer, dispose the context.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

#include "solver_limits.h"
#include "vksync/smt.h"

static Z3_ast bv_of_bool(Z3_context z, Z3_ast b)
{
    Z3_sort bv = Z3_mk_bv_sort(z, 64);
    return Z3_mk_ite(z, b, Z3_mk_unsigned_int64(z, 1, bv),
                     Z3_mk_unsigned_int64(z, 0, bv));
}

static Z3_ast encode_bv(Z3_context z, const vks_smt_expr *e);

static Z3_ast encode_bool(Z3_context z, const vks_smt_expr *e)
{
    Z3_sort bv = Z3_mk_bv_sort(z, 64);
    if (e->kind == VKS_SMT_NOT)
        return Z3_mk_not(z, encode_bool(z, e->lhs));
    if (e->kind == VKS_SMT_BINARY) {
        Z3_ast a, b;
        switch (e->op) {
        case VKS_SMT_AND:
        case VKS_SMT_OR: {
            Z3_ast args[2] = {encode_bool(z, e->lhs), encode_bool(z, e->rhs)};
            return e->op == VKS_SMT_AND ? Z3_mk_and(z, 2, args) : Z3_mk_or(z, 2, args);
        }
        case VKS_SMT_EQ: case VKS_SMT_NE: case VKS_SMT_LT: case VKS_SMT_LE:
        case VKS_SMT_GT: case VKS_SMT_GE:
            a = encode_bv(z, e->lhs);
            b = encode_bv(z, e->rhs);
            switch (e->op) {
            case VKS_SMT_EQ: return Z3_mk_eq(z, a, b);
            case VKS_SMT_NE: return Z3_mk_not(z, Z3_mk_eq(z, a, b));
            case VKS_SMT_LT: return e->is_signed ? Z3_mk_bvslt(z, a, b) : Z3_mk_bvult(z, a, b);
            case VKS_SMT_LE: return e->is_signed ? Z3_mk_bvsle(z, a, b) : Z3_mk_bvule(z, a, b);
            case VKS_SMT_GT: return e->is_signed ? Z3_mk_bvsgt(z, a, b) : Z3_mk_bvugt(z, a, b);
            default: return e->is_signed ? Z3_mk_bvsge(z, a, b) : Z3_mk_bvuge(z, a, b);
            }
        default:
            break;
        }
    }
    /* C: a scalar used as a condition is true when non-zero. */
    return Z3_mk_not(z, Z3_mk_eq(z, encode_bv(z, e), Z3_mk_unsigned_int64(z, 0, bv)));
}

static Z3_ast encode_bv(Z3_context z, const vks_smt_expr *e)
{
    Z3_sort bv = Z3_mk_bv_sort(z, 64);
    switch (e->kind) {
    case VKS_SMT_CONST:
        return Z3_mk_unsigned_int64(z, e->value, bv);
    case VKS_SMT_VAR:
        return Z3_mk_const(z, Z3_mk_string_symbol(z, e->name), bv);
    case VKS_SMT_NEG:
        return Z3_mk_bvnot(z, encode_bv(z, e->lhs));
    case VKS_SMT_NOT:
        return bv_of_bool(z, encode_bool(z, e));
    case VKS_SMT_BINARY:
        switch (e->op) {
        case VKS_SMT_ADD: return Z3_mk_bvadd(z, encode_bv(z, e->lhs), encode_bv(z, e->rhs));
        case VKS_SMT_SUB: return Z3_mk_bvsub(z, encode_bv(z, e->lhs), encode_bv(z, e->rhs));
        case VKS_SMT_MUL: return Z3_mk_bvmul(z, encode_bv(z, e->lhs), encode_bv(z, e->rhs));
        case VKS_SMT_BITAND: return Z3_mk_bvand(z, encode_bv(z, e->lhs), encode_bv(z, e->rhs));
        case VKS_SMT_BITOR: return Z3_mk_bvor(z, encode_bv(z, e->lhs), encode_bv(z, e->rhs));
        case VKS_SMT_BITXOR: return Z3_mk_bvxor(z, encode_bv(z, e->lhs), encode_bv(z, e->rhs));
        default: return bv_of_bool(z, encode_bool(z, e));
        }
    }
    return Z3_mk_unsigned_int64(z, 0, bv);
}

vks_smt_solver *vks_smt_solver_new(void)
{
    vks_smt_solver *solver = calloc(1, sizeof *solver);
    if (!solver)
        return NULL;
    Z3_config cfg = Z3_mk_config(); /* limits: per check (solver_limits.c) */
    solver->z = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    solver->s = Z3_mk_solver(solver->z);
    Z3_solver_inc_ref(solver->z, solver->s);
    return solver;
}

size_t vks_smt_solver_checks(const vks_smt_solver *solver)
{
    return solver ? solver->checks : 0;
}

void vks_smt_solver_free(vks_smt_solver *solver)
{
    if (!solver)
        return;
    Z3_solver_dec_ref(solver->z, solver->s);
    Z3_del_context(solver->z);
    free(solver);
}

/*
 * Values that satisfy every fact, found without Z3 when the facts are
 * simple: most questions a path asks are `err != VK_SUCCESS` after `err ==
 * VK_ERROR_OUT_OF_DATE_KHR`, a flag tested both ways at two places, a bit
 * of a mask.  Each unknown is given, in turn, the first of a few
 * candidate values (0, 1, all ones, one value no constant of the facts
 * is, and each constant the facts compare it with, and its neighbours)
 * under which every fact whose unknowns have values by then holds, the
 * facts evaluated exactly as Z3 would read them (64-bit wrap-around,
 * signed and unsigned comparisons).  Values found are a witness: the facts
 * can hold together.  Not finding them proves nothing, and Z3 is asked
 * (Mesa's zink: some 20,000 questions at about 2 ms each, 40% of its
 * time).
 */
enum { WITNESS_VARS = 24, WITNESS_CANDIDATES = 24 };

typedef struct {
    const char *names[WITNESS_VARS];
    uint64_t values[WITNESS_VARS];
    size_t count;       /* unknowns seen */
    size_t assigned;    /* the first `assigned` have values */
    bool too_many;
} witness;

static int witness_var(const witness *w, const char *name)
{
    for (size_t i = 0; i < w->count; i++)
        if (w->names[i] == name || strcmp(w->names[i], name) == 0)
            return (int)i;
    return -1;
}

static void witness_collect(witness *w, const vks_smt_expr *e)
{
    if (!e || w->too_many)
        return;
    if (e->kind == VKS_SMT_VAR) {
        if (witness_var(w, e->name) >= 0)
            return;
        if (w->count == WITNESS_VARS) {
            w->too_many = true;
            return;
        }
        w->names[w->count++] = e->name;
        return;
    }
    witness_collect(w, e->lhs);
    witness_collect(w, e->rhs);
}

/* Whether every unknown of e has a value. */
static bool witness_ready(const witness *w, const vks_smt_expr *e)
{
    if (!e)
        return true;
    if (e->kind == VKS_SMT_VAR) {
        int i = witness_var(w, e->name);
        return i >= 0 && (size_t)i < w->assigned;
    }
    return witness_ready(w, e->lhs) && witness_ready(w, e->rhs);
}

static bool witness_bool(const witness *w, const vks_smt_expr *e);

/* encode_bv's reading of e. */
static uint64_t witness_bv(const witness *w, const vks_smt_expr *e)
{
    switch (e->kind) {
    case VKS_SMT_CONST:
        return e->value;
    case VKS_SMT_VAR:
        return w->values[witness_var(w, e->name)];
    case VKS_SMT_NEG:
        return ~witness_bv(w, e->lhs);
    case VKS_SMT_NOT:
        return witness_bool(w, e) ? 1 : 0;
    case VKS_SMT_BINARY:
        switch (e->op) {
        case VKS_SMT_ADD: return witness_bv(w, e->lhs) + witness_bv(w, e->rhs);
        case VKS_SMT_SUB: return witness_bv(w, e->lhs) - witness_bv(w, e->rhs);
        case VKS_SMT_MUL: return witness_bv(w, e->lhs) * witness_bv(w, e->rhs);
        case VKS_SMT_BITAND: return witness_bv(w, e->lhs) & witness_bv(w, e->rhs);
        case VKS_SMT_BITOR: return witness_bv(w, e->lhs) | witness_bv(w, e->rhs);
        case VKS_SMT_BITXOR: return witness_bv(w, e->lhs) ^ witness_bv(w, e->rhs);
        default: return witness_bool(w, e) ? 1 : 0;
        }
    }
    return 0;
}

/* encode_bool's reading of e. */
static bool witness_bool(const witness *w, const vks_smt_expr *e)
{
    if (e->kind == VKS_SMT_NOT)
        return !witness_bool(w, e->lhs);
    if (e->kind == VKS_SMT_BINARY) {
        uint64_t a, b;
        switch (e->op) {
        case VKS_SMT_AND:
            return witness_bool(w, e->lhs) && witness_bool(w, e->rhs);
        case VKS_SMT_OR:
            return witness_bool(w, e->lhs) || witness_bool(w, e->rhs);
        case VKS_SMT_EQ: case VKS_SMT_NE: case VKS_SMT_LT: case VKS_SMT_LE:
        case VKS_SMT_GT: case VKS_SMT_GE:
            a = witness_bv(w, e->lhs);
            b = witness_bv(w, e->rhs);
            switch (e->op) {
            case VKS_SMT_EQ: return a == b;
            case VKS_SMT_NE: return a != b;
            case VKS_SMT_LT: return e->is_signed ? (int64_t)a < (int64_t)b : a < b;
            case VKS_SMT_LE: return e->is_signed ? (int64_t)a <= (int64_t)b : a <= b;
            case VKS_SMT_GT: return e->is_signed ? (int64_t)a > (int64_t)b : a > b;
            default: return e->is_signed ? (int64_t)a >= (int64_t)b : a >= b;
            }
        default:
            break;
        }
    }
    return witness_bv(w, e) != 0;
}

static bool mentions(const witness *w, const vks_smt_expr *e, size_t var)
{
    if (!e)
        return false;
    if (e->kind == VKS_SMT_VAR)
        return witness_var(w, e->name) == (int)var;
    return mentions(w, e->lhs, var) || mentions(w, e->rhs, var);
}

/* The constants of the facts that mention unknown `var`. */
static void constants_of(const vks_smt_expr *e, uint64_t *out, size_t *n)
{
    if (!e || *n >= WITNESS_CANDIDATES - 3)
        return;
    if (e->kind == VKS_SMT_CONST) {
        for (size_t i = 0; i < *n; i++)
            if (out[i] == e->value)
                return;
        out[(*n)++] = e->value;
        return;
    }
    constants_of(e->lhs, out, n);
    constants_of(e->rhs, out, n);
}

static bool find_witness(const vks_smt_expr *const *conds, const bool *truth, size_t count)
{
    witness w = {0};
    for (size_t i = 0; i < count; i++)
        witness_collect(&w, conds[i]);
    if (w.too_many)
        return false;
    for (size_t v = 0; v < w.count; v++) {
        uint64_t constants[WITNESS_CANDIDATES];
        size_t n = 0;
        for (size_t i = 0; i < count; i++)
            if (mentions(&w, conds[i], v))
                constants_of(conds[i], constants, &n);
        uint64_t candidates[3 * WITNESS_CANDIDATES + 4];
        size_t k = 0;
        candidates[k++] = 0;
        candidates[k++] = 1;
        candidates[k++] = UINT64_MAX;
        /* a value no constant is, nor next to */
        uint64_t other = 0x5a5a5a5a5a5a5a5bu;
        for (bool clash = true; clash;) {
            clash = false;
            for (size_t i = 0; i < n; i++)
                if (constants[i] - other + 1 <= 2) {
                    other += 7;
                    clash = true;
                }
        }
        candidates[k++] = other;
        for (size_t i = 0; i < n; i++) {
            candidates[k++] = constants[i];
            candidates[k++] = constants[i] + 1;
            candidates[k++] = constants[i] - 1;
        }
        w.assigned = v + 1;
        bool found = false;
        for (size_t c = 0; c < k && !found; c++) {
            w.values[v] = candidates[c];
            found = true;
            for (size_t i = 0; i < count && found; i++)
                if (mentions(&w, conds[i], v) && witness_ready(&w, conds[i]) &&
                    witness_bool(&w, conds[i]) != truth[i])
                    found = false;
        }
        if (!found)
            return false;
    }
    /* facts without unknowns */
    w.assigned = w.count;
    for (size_t i = 0; i < count; i++)
        if (witness_bool(&w, conds[i]) != truth[i])
            return false;
    return true;
}

vks_smt_answer vks_smt_feasible(vks_smt_solver *solver,
                                const vks_smt_expr *const *conds,
                                const bool *truth, size_t count, char *why,
                                size_t why_size)
{
    if (!solver) {
        snprintf(why, why_size, "the solver could not be created");
        return VKS_SMT_UNKNOWN;
    }
    if (find_witness(conds, truth, count))
        return VKS_SMT_SAT;
    solver->checks++;
    Z3_context z = solver->z;
    Z3_solver_push(z, solver->s);
    for (size_t i = 0; i < count; i++) {
        Z3_ast c = encode_bool(z, conds[i]);
        Z3_solver_assert(z, solver->s, truth[i] ? c : Z3_mk_not(z, c));
    }
    vks_smt_answer answer = vks_smt_check_limited_reusing(z, solver->s, &solver->applied, why,
                                                            why_size);
    Z3_solver_pop(z, solver->s, 1);
    return answer;
}
