/*
 * qfot.c - queue family ownership transfers: each release must have its
 * acquire (and the reverse) in the analysed code (submit-qfot-unmatched).
 */
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "engine_internal.h"

static bool is_transfer(const vks_barrier *b)
{
    /* "If the values of srcQueueFamilyIndex and dstQueueFamilyIndex are
       equal, no ownership transfer is performed"; VK_QUEUE_FAMILY_EXTERNAL
       and FOREIGN transfers have their other half outside the program. */
    return b->kind != VKS_BARRIER_GLOBAL &&
           b->src_queue_family != b->dst_queue_family &&
           b->src_queue_family < VK_QUEUE_FAMILY_FOREIGN_EXT &&
           b->dst_queue_family < VK_QUEUE_FAMILY_FOREIGN_EXT;
}

vks_qfot_role vks_qfot_role_of(const vks_walker *w, const vks_barrier *b)
{
    if (!is_transfer(b))
        return VKS_QFOT_NONE;
    uint32_t family = w->cb->queue_family;
    if (family == b->src_queue_family)
        return VKS_QFOT_RELEASE;
    if (family == b->dst_queue_family)
        return VKS_QFOT_ACQUIRE;
    return VKS_QFOT_UNKNOWN_SIDE;
}

typedef struct {
    const vks_cmdbuf *cb;
    const vks_cmd *cmd;
    const vks_barrier *b;
    vks_qfot_role role;
} transfer_half;

/*
 * The same resource: the same IR resource, or, for halves recorded by two
 * different functions (each analysed on its own, so each has its own
 * resource for what a pointer parameter points to), a handle read from the
 * same struct member: `release(r)` and `acquire(r)` both naming
 * `r->vertices`.  Two different structs of one type would be taken for one
 * here; that only ever pairs halves (silence), never reports.
 */
static bool same_resource(const vks_program *p, const transfer_half *h,
                          const transfer_half *other)
{
    vks_res_id a = h->b->region.res, b = other->b->region.res;
    if (a == b)
        return true;
    const char *ka = p->resources[a].kept_in, *kb = p->resources[b].kept_in;
    return ka && kb && strcmp(ka, kb) == 0 && h->cb->function && other->cb->function &&
           strcmp(h->cb->function, other->cb->function) != 0;
}

static bool same_range(const vks_region *a, const vks_region *b)
{
    return a->range_known && b->range_known &&
           a->offset == b->offset && a->size == b->size &&
           a->aspect_mask == b->aspect_mask && a->base_mip == b->base_mip &&
           a->mip_count == b->mip_count && a->base_layer == b->base_layer &&
           a->layer_count == b->layer_count;
}

/* Whether `other` can be the other half of `h`: "The buffer range or image
   subresource range specified in an acquire operation must match exactly
   that of a previous release operation", same families, and "the values of
   oldLayout and newLayout in the release operation's memory barrier must be
   equal to values of oldLayout and newLayout in the acquire operation's". */
static bool halves_match(const vks_program *p, const transfer_half *h,
                         const transfer_half *other)
{
    if (h == other || !same_resource(p, h, other) ||
        h->b->src_queue_family != other->b->src_queue_family ||
        h->b->dst_queue_family != other->b->dst_queue_family ||
        !same_range(&h->b->region, &other->b->region))
        return false;
    if (h->b->kind == VKS_BARRIER_IMAGE &&
        (h->b->old_layout != other->b->old_layout ||
         h->b->new_layout != other->b->new_layout))
        return false;
    if (h->role == VKS_QFOT_RELEASE)
        return other->role != VKS_QFOT_RELEASE;
    if (h->role == VKS_QFOT_ACQUIRE)
        return other->role != VKS_QFOT_ACQUIRE;
    return true;
}

void vks_check_qfot(const vks_program *p, vks_findings *out, vks_stats *stats)
{
    vks_arena *scratch = vks_arena_new();
    transfer_half *halves = NULL;
    size_t count = 0, cap = 0;
    for (size_t c = 0; c < p->cmdbuf_count; c++) {
        const vks_cmdbuf *cb = &p->cmdbufs[c];
        vks_walker side = {.cb = cb};
        for (size_t i = 0; i < cb->cmd_count; i++) {
            const vks_cmd *cmd = &cb->cmds[i];
            if (cmd->kind != VKS_CMD_BARRIER)
                continue;
            for (size_t b = 0; b < cmd->barrier_count; b++) {
                const vks_barrier *bar = &cmd->barriers[b];
                if (!is_transfer(bar))
                    continue;
                if (!bar->region.range_known || bar->region.res == VKS_RES_UNKNOWN) {
                    vks_stats_unknown(stats, VKS_UNKNOWN_BARRIER_RANGE);
                    continue;
                }
                transfer_half h = {cb, cmd, bar, vks_qfot_role_of(&side, bar)};
                VKS_PUSH(scratch, halves, count, cap, h);
            }
        }
    }
    for (size_t i = 0; i < count; i++) {
        const transfer_half *h = &halves[i];
        bool matched = false;
        for (size_t j = 0; j < count && !matched; j++)
            matched = halves_match(p, h, &halves[j]);
        if (matched) {
            stats->pairs_proved_ordered++;
            continue;
        }
        const char *what = h->role == VKS_QFOT_RELEASE   ? "release"
                           : h->role == VKS_QFOT_ACQUIRE ? "acquire"
                                                         : "ownership transfer";
        const char *missing = h->role == VKS_QFOT_RELEASE   ? "no matching acquire"
                              : h->role == VKS_QFOT_ACQUIRE ? "no matching release"
                                                            : "no matching release or acquire";
        /* docs/design.md, "SARIF": the finding is at the vkCmd* statement; the
           barrier struct of the transfer is a note. */
        vks_finding *f = vks_finding_add(
            out, VKS_RULE_SUBMIT_QFOT_UNMATCHED, NULL, h->cmd->loc,
            vks_arena_printf(out->arena,
                             "queue family %s of '%s' (family %u -> %u) in %s has "
                             "%s (same range%s and queue families) in the "
                             "analysed code",
                             what, p->resources[h->b->region.res].name,
                             h->b->src_queue_family, h->b->dst_queue_family,
                             h->cmd->name, missing,
                             h->b->kind == VKS_BARRIER_IMAGE ? ", layouts" : ""));
        size_t step = 0;
        vks_note_path_steps(h->cb, out, f, &step, (uint32_t)(h->cmd - h->cb->cmds),
                            NULL);
        if (h->b->loc.file)
            vks_finding_note(out, f, VKS_NOTE_SYNC, h->b->loc,
                             vks_arena_printf(out->arena, "%s: the queue family %s "
                                              "is declared here", h->cmd->name, what));
    }
    vks_arena_free(scratch);
}
