/*
 * race.c - the two-invocation encoding of a workgroup-memory race
 * (include/vksync/shader_race.h).
 *
 * Two invocations A and B of one workgroup: each has its own local id
 * (three 32-bit bit-vectors below the workgroup size), everything shared by
 * the workgroup (WorkgroupId, push constants, uniform conditions) is one
 * constant for both.  The accesses collide when A != B, each invocation's
 * guards hold, and every index of the common access-chain prefix is equal:
 * the spec's "memory location" overlap (Vulkan spec, "Memory Model"
 * appendix, "Memory Location": a location is the bytes one scalar access
 * touches; two accesses through the same indices touch the same bytes).
 */
#include <stdio.h>
#include <z3.h>

#include "solver_limits.h"
#include "vksync/shader_race.h"

typedef struct {
    Z3_context z;
    Z3_sort bv;
    Z3_ast local[3]; /* this invocation's LocalInvocationId */
} race_env;

static Z3_ast encode_int(const race_env *env, const vks_ix_expr *e);

static Z3_ast encode_bool(const race_env *env, const vks_ix_expr *e)
{
    Z3_context z = env->z;
    switch (e->kind) {
    case VKS_IX_CONST:
        return e->value ? Z3_mk_true(z) : Z3_mk_false(z);
    case VKS_IX_SHARED_BOOL:
        return Z3_mk_const(z, Z3_mk_string_symbol(z, e->name), Z3_mk_bool_sort(z));
    case VKS_IX_UNARY:
        return Z3_mk_not(z, encode_bool(env, e->lhs));
    case VKS_IX_SELECT:
        return Z3_mk_ite(z, encode_bool(env, e->cond), encode_bool(env, e->lhs),
                         encode_bool(env, e->rhs));
    case VKS_IX_BINARY:
        break;
    default:
        /* An integer where a condition is expected: never built (spirv/
           types every node), but C's "non-zero" is the safe reading. */
        return Z3_mk_not(z, Z3_mk_eq(z, encode_int(env, e), Z3_mk_unsigned_int(z, 0, env->bv)));
    }
    if (e->op == VKS_IX_LOGICAL_AND || e->op == VKS_IX_LOGICAL_OR) {
        Z3_ast args[2] = {encode_bool(env, e->lhs), encode_bool(env, e->rhs)};
        return e->op == VKS_IX_LOGICAL_AND ? Z3_mk_and(z, 2, args) : Z3_mk_or(z, 2, args);
    }
    if (e->op == VKS_IX_LOGICAL_EQ)
        return Z3_mk_eq(z, encode_bool(env, e->lhs), encode_bool(env, e->rhs));
    Z3_ast a = encode_int(env, e->lhs), b = encode_int(env, e->rhs);
    switch (e->op) {
    case VKS_IX_EQ: return Z3_mk_eq(z, a, b);
    case VKS_IX_NE: return Z3_mk_not(z, Z3_mk_eq(z, a, b));
    case VKS_IX_ULT: return Z3_mk_bvult(z, a, b);
    case VKS_IX_ULE: return Z3_mk_bvule(z, a, b);
    case VKS_IX_SLT: return Z3_mk_bvslt(z, a, b);
    case VKS_IX_SLE: return Z3_mk_bvsle(z, a, b);
    default: return Z3_mk_eq(z, a, b);
    }
}

static Z3_ast encode_int(const race_env *env, const vks_ix_expr *e)
{
    Z3_context z = env->z;
    switch (e->kind) {
    case VKS_IX_CONST:
        return Z3_mk_unsigned_int(z, e->value, env->bv);
    case VKS_IX_LOCAL_ID:
        return env->local[e->value < 3 ? e->value : 0];
    case VKS_IX_SHARED:
        return Z3_mk_const(z, Z3_mk_string_symbol(z, e->name), env->bv);
    case VKS_IX_SELECT:
        return Z3_mk_ite(z, encode_bool(env, e->cond), encode_int(env, e->lhs),
                         encode_int(env, e->rhs));
    case VKS_IX_UNARY:
        return e->op == VKS_IX_NEG ? Z3_mk_bvneg(z, encode_int(env, e->lhs))
                                   : Z3_mk_bvnot(z, encode_int(env, e->lhs));
    case VKS_IX_BINARY:
        break;
    default:
        return Z3_mk_ite(z, encode_bool(env, e), Z3_mk_unsigned_int(z, 1, env->bv),
                         Z3_mk_unsigned_int(z, 0, env->bv));
    }
    Z3_ast a = encode_int(env, e->lhs), b = encode_int(env, e->rhs);
    /* SPIR-V's integer instructions on 32-bit operands; the builder admits
       division and shifts only by constants SPIR-V defines (non-zero
       divisors, shifts below 32), where Z3's total versions agree. */
    switch (e->op) {
    case VKS_IX_ADD: return Z3_mk_bvadd(z, a, b);
    case VKS_IX_SUB: return Z3_mk_bvsub(z, a, b);
    case VKS_IX_MUL: return Z3_mk_bvmul(z, a, b);
    case VKS_IX_UDIV: return Z3_mk_bvudiv(z, a, b);
    case VKS_IX_SDIV: return Z3_mk_bvsdiv(z, a, b);
    case VKS_IX_UMOD: return Z3_mk_bvurem(z, a, b);
    case VKS_IX_SREM: return Z3_mk_bvsrem(z, a, b);
    case VKS_IX_SMOD: return Z3_mk_bvsmod(z, a, b);
    case VKS_IX_AND: return Z3_mk_bvand(z, a, b);
    case VKS_IX_OR: return Z3_mk_bvor(z, a, b);
    case VKS_IX_XOR: return Z3_mk_bvxor(z, a, b);
    case VKS_IX_SHL: return Z3_mk_bvshl(z, a, b);
    case VKS_IX_LSHR: return Z3_mk_bvlshr(z, a, b);
    case VKS_IX_ASHR: return Z3_mk_bvashr(z, a, b);
    default:
        return Z3_mk_ite(z, encode_bool(env, e), Z3_mk_unsigned_int(z, 1, env->bv),
                         Z3_mk_unsigned_int(z, 0, env->bv));
    }
}

static void make_invocation(race_env *env, Z3_context z, const char *prefix,
                            const uint32_t local_size[3], Z3_solver s)
{
    env->z = z;
    env->bv = Z3_mk_bv_sort(z, 32);
    for (int c = 0; c < 3; c++) {
        char name[32];
        snprintf(name, sizeof name, "%s.local.%c", prefix, "xyz"[c]);
        env->local[c] = Z3_mk_const(z, Z3_mk_string_symbol(z, name), env->bv);
        /* spec "Compute Shaders": LocalInvocationId's components lie in
           0 .. LocalSize - 1. */
        Z3_solver_assert(z, s, Z3_mk_bvult(z, env->local[c],
                                           Z3_mk_unsigned_int(z, local_size[c], env->bv)));
    }
}

static void assert_reaches(const race_env *env, Z3_solver s, const vks_race_access *a)
{
    for (size_t i = 0; i < a->guard_count; i++)
        Z3_solver_assert(env->z, s, encode_bool(env, a->guards[i]));
}

static uint32_t model_value(Z3_context z, Z3_model model, Z3_ast term)
{
    Z3_ast value;
    unsigned out = 0;
    if (Z3_model_eval(z, model, term, true, &value))
        Z3_get_numeral_uint(z, value, &out);
    return out;
}

vks_smt_answer vks_smt_race(vks_smt_solver *solver, const vks_race_question *q,
                            vks_race_witness *witness, char *why, size_t why_size)
{
    if (!solver) {
        snprintf(why, why_size, "the solver could not be created");
        return VKS_SMT_UNKNOWN;
    }
    Z3_context z = solver->z;
    Z3_solver s = solver->s;
    Z3_solver_push(z, s);
    race_env a, b;
    make_invocation(&a, z, "A", q->local_size, s);
    make_invocation(&b, z, "B", q->local_size, s);
    Z3_ast differ[3];
    for (int c = 0; c < 3; c++)
        differ[c] = Z3_mk_not(z, Z3_mk_eq(z, a.local[c], b.local[c]));
    Z3_solver_assert(z, s, Z3_mk_or(z, 3, differ));
    assert_reaches(&a, s, &q->first);
    assert_reaches(&b, s, &q->second);
    size_t common = q->first.index_count < q->second.index_count ? q->first.index_count
                                                                 : q->second.index_count;
    for (size_t i = 0; i < common; i++)
        Z3_solver_assert(z, s, Z3_mk_eq(z, encode_int(&a, q->first.indices[i]),
                                        encode_int(&b, q->second.indices[i])));
    vks_smt_answer answer = vks_smt_check_limited_reusing(z, s, &solver->applied, why, why_size);
    if (answer == VKS_SMT_SAT && witness) {
        Z3_model model = Z3_solver_get_model(z, s);
        Z3_model_inc_ref(z, model);
        for (int c = 0; c < 3; c++) {
            witness->local_first[c] = model_value(z, model, a.local[c]);
            witness->local_second[c] = model_value(z, model, b.local[c]);
        }
        witness->element_count = common < 8 ? common : 8;
        for (size_t i = 0; i < witness->element_count; i++)
            witness->element[i] = model_value(z, model, encode_int(&a, q->first.indices[i]));
        Z3_model_dec_ref(z, model);
    }
    Z3_solver_pop(z, s, 1);
    return answer;
}
