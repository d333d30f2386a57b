/*
 * paths.c - path feasibility with Z3 (include/vksync/smt.h).
 *
 * Every unknown is a 64-bit bit-vector, every C operator its bit-vector
 * counterpart, so wrap-around and unsigned comparisons are exact.  The
 * pattern is Z3's own (examples/c/test_capi.c): assert, check, read the
 * answer, dispose the context.
 */
#include <stdlib.h>
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

void vks_smt_solver_free(vks_smt_solver *solver)
{
    if (!solver)
        return;
    Z3_solver_dec_ref(solver->z, solver->s);
    Z3_del_context(solver->z);
    free(solver);
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
