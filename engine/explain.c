/*
 * explain.c - the messages and notes of the engine's findings.
 *
 * Computed only when a finding is reported, so the walk stays linear: the
 * commands between the two accesses are replayed for the earlier access
 * alone, and each barrier that covers the resource gets a note saying why it
 * did not order the pair, naming the mask and the missing bit in the words
 * of the Vulkan spec's "Synchronization and Cache Control" chapter
 * ("Pipeline Stages", "Execution and Memory Dependencies").  Notes come in
 * execution order: the path taken through the recording code, the earlier
 * access, then the barriers.
 *
 * Formats (the reporters and the front end rely on them):
 *   message  "<later> <reads|writes> '<res>' (<STAGE>:<ACCESS>) before the
 *            write by <earlier> (<STAGE>:<ACCESS>) is made visible to it"
 *            (READ_AFTER_WRITE, WRITE_AFTER_WRITE), or "... before the read
 *            by <earlier> (...) is ordered before it by an execution
 *            dependency" (WRITE_AFTER_READ); ", with no barrier between them"
 *            when there is none (", with no barrier or semaphore between
 *            them (...)" across submissions); in a render pass, ", and the subpass
 *            dependency from subpass N to M does not order them" (a render
 *            pass transition's own dependency) or ", with no subpass
 *            dependency from subpass N to M".  A layout transition is "<transition>
 *            rewrites '<res>'" and needs the write "made available to it".
 *   notes    EARLIER_ACCESS "<earlier> <reads|writes> '<res>' here
 *            (<STAGE>:<ACCESS>)"; SYNC "<vkCmd...>: [the subpass dependency
 *            from .. to ..: ]<reason>[; <reason>]"; PATH the decisions the
 *            pair depends on (step_matters).
 */
#include <stdio.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "engine_internal.h"
#include "vksync/vk_tables.h"

/* At most this many SYNC notes per finding (GitHub shows 10 locations per
   result); the rest are counted in one last note. */
enum { MAX_SYNC_NOTES = 8 };

static const char *res_name(const vks_walker *w, vks_res_id res)
{
    return res < w->program->resource_count ? w->program->resources[res].name : "?";
}

static uint32_t render_pass_begin(const vks_walker *w, uint32_t end)
{
    for (uint32_t i = end + 1; i-- > 0;)
        if (w->cb->cmds[i].kind == VKS_CMD_BEGIN_RENDER_PASS)
            return i;
    return UINT32_MAX;
}

static const vks_attachment *attachment_of(const vks_walker *w,
                                           const vks_access_rec *rec)
{
    uint32_t begin = render_pass_begin(w, rec->cmd);
    if (begin == UINT32_MAX || rec->detail >= w->cb->cmds[begin].attachment_count)
        return NULL;
    return &w->cb->cmds[begin].attachments[rec->detail];
}

const char *vks_describe_rec(const vks_walker *w, const vks_access_rec *rec)
{
    const vks_cmd *cmd = &w->cb->cmds[rec->cmd];
    vks_arena *arena = w->out->arena;
    static const char *loads[] = {"LOAD", "CLEAR", "DONT_CARE", "NONE"};
    static const char *stores[] = {"STORE", "DONT_CARE", "NONE"};
    const vks_attachment *att;
    switch (rec->kind) {
    case VKS_REC_ACCESS:
        break;
    case VKS_REC_TRANSITION:
        if (rec->detail < w->scope_count[rec->cmd]) {
            const vks_scope *s = &w->scopes[rec->cmd][rec->detail];
            if (s->attachment != UINT32_MAX)
                return vks_arena_printf(
                    arena, "the %s layout transition (%s->%s) of attachment %u in %s",
                    cmd->kind == VKS_CMD_END_RENDER_PASS ? "final" : "initial",
                    vks_layout_name(s->old_layout), vks_layout_name(s->new_layout),
                    s->attachment, cmd->name);
            return vks_arena_printf(arena, "the layout transition (%s->%s) of %s",
                                    vks_layout_name(s->old_layout),
                                    vks_layout_name(s->new_layout), cmd->name);
        }
        return vks_arena_printf(arena, "the layout transition of %s", cmd->name);
    case VKS_REC_LOAD_OP:
        att = attachment_of(w, rec);
        return vks_arena_printf(arena, "the load operation (%s) of attachment %u in %s",
                                att ? loads[att->load_op] : "?", rec->detail,
                                cmd->name);
    case VKS_REC_STORE_OP:
        att = attachment_of(w, rec);
        return vks_arena_printf(arena, "the store operation (%s) of attachment %u in %s",
                                att ? stores[att->store_op] : "?", rec->detail,
                                cmd->name);
    }
    return cmd->name;
}

/* " (COPY:TRANSFER_READ)", or "" for a layout transition. */
static const char *stage_access(const vks_walker *w, const vks_access_rec *rec)
{
    if (rec->kind == VKS_REC_TRANSITION)
        return "";
    return vks_arena_printf(w->out->arena, " (%s:%s)", vks_stage_name(rec->stage),
                            vks_access_name(rec->access));
}

/* The scope of a layout transition record, or NULL. */
static const vks_scope *transition_scope(const vks_walker *w,
                                         const vks_access_rec *rec)
{
    if (rec->kind != VKS_REC_TRANSITION || rec->detail >= w->scope_count[rec->cmd])
        return NULL;
    return &w->scopes[rec->cmd][rec->detail];
}

static vks_loc rec_loc(const vks_walker *w, const vks_access_rec *rec)
{
    const vks_cmd *cmd = &w->cb->cmds[rec->cmd];
    /* A barrier's transition: where its struct was filled; a render pass
       transition: the command that performs it. */
    if (rec->kind == VKS_REC_TRANSITION && rec->detail < w->scope_count[rec->cmd]) {
        const vks_scope *s = &w->scopes[rec->cmd][rec->detail];
        if (s->attachment == UINT32_MAX && s->barrier->loc.file)
            return s->barrier->loc;
    }
    if (rec->kind == VKS_REC_LOAD_OP || rec->kind == VKS_REC_STORE_OP) {
        const vks_attachment *att = attachment_of(w, rec);
        if (att && att->loc.file && rec->kind == VKS_REC_LOAD_OP)
            return att->loc;
    }
    return cmd->loc;
}

/* Whether a path step was taken in a function activation on the call
   chain of the command at `cmd`: in the function that recorded it, or in
   one of its callers at the call that led to it.  A step's location is
   its `if` (or loop), with the chain of calls to its function. */
static bool on_call_chain(const vks_loc *step, const vks_loc *cmd)
{
    for (const vks_loc *frame = cmd->caller;; frame = frame->caller) {
        if (vks_loc_chain_equal(step->caller, frame))
            return true;
        if (!frame)
            return false;
    }
}

/*
 * The steps a finding about an earlier and a later command shows.  A
 * decision matters when changing it could change the pair or what orders
 * it:
 *   - taken after the earlier command was recorded (between the two
 *     accesses): the other way could have recorded a barrier, or skipped
 *     one;
 *   - taken before it, in a function activation that leads to the earlier
 *     or the later command (the function recording it or one of its
 *     callers, at that call): the other way could have skipped it; the
 *     last time that branch was taken through those calls only (an
 *     earlier iteration of a loop around them led elsewhere).
 * Decisions inside helpers that returned before the earlier command (a
 * memory-type loop, an error check, debug naming) cannot change whether it
 * is recorded, and are left out.  Where the command buffer began does not
 * matter: a decision before vkBeginCommandBuffer in a function on the
 * chain may enclose both (triangle-vulkan's `if (linear tiling) ... else
 * { ...copy... }` comes before the setup command buffer's lazy begin
 * inside the else branch).
 */
static bool step_matters(const vks_step_filter *keep, size_t p)
{
    const vks_cmdbuf *cb = keep->cb;
    if (!cb->path_step_cmd || cb->path_step_cmd[p] > keep->earlier)
        return true;
    const vks_loc *step = &cb->path_steps[p];
    if (!(keep->earlier < cb->cmd_count &&
          on_call_chain(step, &cb->cmds[keep->earlier].loc)) &&
        !(keep->later < cb->cmd_count && on_call_chain(step, &cb->cmds[keep->later].loc)))
        return false;
    /* The same branch through the same calls taken again later, still
       before the earlier command: this one was an earlier iteration of a
       loop around them (a frame loop, a loop over swapchain images), and
       the later one is the decision that led to the commands. */
    for (size_t q = p + 1; q < cb->path_step_count && cb->path_step_cmd[q] <= keep->earlier;
         q++)
        if (vks_loc_chain_equal(&cb->path_steps[q], step))
            return false;
    return true;
}

void vks_note_path_steps(const vks_cmdbuf *cb, vks_findings *out, vks_finding *f,
                         size_t *next, uint32_t upto, const vks_step_filter *keep)
{
    /* path_step_cmd[p]: how many commands were recorded before step p. */
    for (; *next < cb->path_step_count &&
           (!cb->path_step_cmd || cb->path_step_cmd[*next] <= upto);
         ++*next)
        if (!keep || step_matters(keep, *next))
            vks_finding_note(out, f, VKS_NOTE_PATH, cb->path_steps[*next],
                             cb->path_step_text[*next]);
}

/* A finding with the path steps up to command `upto` (the earlier access,
   or the finding's own command) that `keep` selects. */
static vks_finding *start_finding(vks_walker *w, vks_rule rule, vks_loc loc,
                                  const char *message, uint32_t upto,
                                  size_t *next_step, const vks_step_filter *keep)
{
    vks_finding *f = vks_finding_add(w->out, rule,
                                     vks_rule_get(rule)->syncval_hazard[0]
                                         ? vks_rule_get(rule)->syncval_hazard
                                         : NULL,
                                     loc, message);
    *next_step = 0;
    vks_note_path_steps(w->cb, w->out, f, next_step, upto, keep);
    return f;
}

/* ---- render passes: the subpass dependency to change ---- */

static bool is_render_pass_cmd(const vks_cmd *cmd)
{
    return cmd->kind == VKS_CMD_BEGIN_RENDER_PASS || cmd->kind == VKS_CMD_NEXT_SUBPASS ||
           cmd->kind == VKS_CMD_END_RENDER_PASS;
}

static const char *subpass_name(vks_arena *arena, uint32_t subpass)
{
    return subpass == VKS_SUBPASS_EXTERNAL
               ? "VK_SUBPASS_EXTERNAL"
               : vks_arena_printf(arena, "subpass %u", subpass);
}

/* Exactly the implicit dependency the front end adds when the render pass
   declares none (analyzer/commands_renderpass.c, "Render Pass Creation"). */
static bool implicit_dependency(const vks_barrier *d)
{
    if (d->src_subpass == VKS_SUBPASS_EXTERNAL)
        return d->src_stages.known && d->src_stages.bits == 0 && d->src_access.known &&
               d->src_access.bits == 0;
    return d->dst_subpass == VKS_SUBPASS_EXTERNAL && d->dst_stages.known &&
           d->dst_stages.bits == 0 && d->dst_access.known && d->dst_access.bits == 0 &&
           d->src_stages.bits == VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
}

/* "the subpass dependency from subpass 1 to VK_SUBPASS_EXTERNAL (implicit:
   the render pass declares none)" */
static const char *dependency_name(vks_arena *arena, const vks_barrier *d)
{
    return vks_arena_printf(arena, "the subpass dependency from %s to %s%s",
                            subpass_name(arena, d->src_subpass),
                            subpass_name(arena, d->dst_subpass),
                            implicit_dependency(d)
                                ? " (implicit: the render pass declares none)"
                                : "");
}

/* The subpass the command at `cmd` records in: vkCmdNextSubpass calls since
   the render pass began. */
static uint32_t subpass_at(const vks_walker *w, uint32_t begin, uint32_t cmd)
{
    uint32_t n = 0;
    for (uint32_t i = begin + 1; i <= cmd && i < w->cb->cmd_count; i++)
        n += w->cb->cmds[i].kind == VKS_CMD_NEXT_SUBPASS;
    return n;
}

/*
 * With no barrier the user recorded between them, what in the render pass
 * was supposed to order the pair: the external dependency a layout
 * transition of the render pass is part of, or the subpass dependency
 * between two subpasses that the render pass does not declare.  Adds a
 * SYNC note at the VkSubpassDependency (or at the render pass's create
 * call for an implicit one, at vkCmdNextSubpass for a missing one) and
 * returns the message's ending, or NULL when no render pass is involved.
 */
static const char *explain_render_pass(vks_walker *w, vks_finding *f,
                                       const vks_conflict *c, const vks_later *later)
{
    vks_arena *arena = w->out->arena;
    const vks_cmd *ecmd = &w->cb->cmds[c->earlier.cmd];
    const char *later_what = later->rec.kind == VKS_REC_TRANSITION ? "layout transition"
                             : vks_access_is_write(later->rec.access) ? "write"
                                                                      : "read";
    const vks_scope *t = transition_scope(w, &c->earlier);
    if (t && t->attachment != UINT32_MAX &&
        (ecmd->kind == VKS_CMD_END_RENDER_PASS || ecmd->kind == VKS_CMD_BEGIN_RENDER_PASS)) {
        bool final = ecmd->kind == VKS_CMD_END_RENDER_PASS;
        uint32_t begin = render_pass_begin(w, c->earlier.cmd);
        if (begin == UINT32_MAX)
            return NULL;
        const vks_cmd *rp = &w->cb->cmds[begin];
        const vks_barrier *dep = NULL;
        for (size_t b = 0; b < rp->barrier_count && !dep; b++) {
            const vks_barrier *d = &rp->barriers[b];
            if (d->src_subpass != d->dst_subpass &&
                (final ? d->dst_subpass == VKS_SUBPASS_EXTERNAL
                       : d->src_subpass == VKS_SUBPASS_EXTERNAL))
                dep = d;
        }
        if (!dep)
            return NULL;
        char mask[512], why[1024];
        if (!(later->rec.stage & t->second))
            snprintf(why, sizeof why, "dstStageMask (%s) does not include %s, the "
                     "stage of the %s", vks_stage_mask_str(t->barrier->dst_stages.bits,
                                                          mask, sizeof mask),
                     vks_stage_name(later->rec.stage), later_what);
        else
            snprintf(why, sizeof why, "dstAccessMask (%s) lacks %s: the transition "
                     "is not made visible to the %s",
                     vks_access_mask_str(t->barrier->dst_access.bits, mask, sizeof mask),
                     vks_access_name(later->rec.access), later_what);
        vks_finding_note(w->out, f, VKS_NOTE_SYNC, dep->loc.file ? dep->loc : rp->loc,
                         vks_arena_printf(arena, "%s: %s: %s", ecmd->name,
                                          dependency_name(arena, dep), why));
        return vks_arena_printf(arena, ", and %s does not order them",
                                dependency_name(arena, dep));
    }
    /* Two subpasses of one render pass instance. */
    uint32_t begin = render_pass_begin(w, later->cmd);
    if (begin == UINT32_MAX || c->earlier.cmd < begin)
        return NULL;
    for (uint32_t i = begin + 1; i < later->cmd; i++)
        if (w->cb->cmds[i].kind == VKS_CMD_END_RENDER_PASS)
            return NULL;
    uint32_t from = subpass_at(w, begin, c->earlier.cmd);
    uint32_t to = subpass_at(w, begin, later->cmd);
    if (from == to)
        return NULL;
    uint32_t next = later->cmd;
    for (uint32_t i = c->earlier.cmd + 1; i <= later->cmd; i++)
        if (w->cb->cmds[i].kind == VKS_CMD_NEXT_SUBPASS) {
            next = i;
            break;
        }
    const vks_cmd *nc = &w->cb->cmds[next];
    vks_finding_note(w->out, f, VKS_NOTE_SYNC, nc->loc,
                     vks_arena_printf(arena, "%s: the render pass declares no "
                                      "VkSubpassDependency from subpass %u to subpass "
                                      "%u", nc->name, from, to));
    return vks_arena_printf(arena, ", with no subpass dependency from subpass %u to "
                            "subpass %u", from, to);
}

/* Whether two commands of a queue stream were submitted by different
   vkQueueSubmit* calls (a semaphore could have ordered them). */
static bool separate_submissions(const vks_walker *w, uint32_t a, uint32_t b)
{
    const vks_loc *x = w->cb->cmds[a].submitted_by, *y = w->cb->cmds[b].submitted_by;
    return x && y && !vks_loc_chain_equal(x, y);
}

/* ---- why a barrier failed ---- */

/* Appends "; " + text to a reason list. */
static void add_reason(char *buf, size_t size, const char *text)
{
    size_t used = strlen(buf);
    snprintf(buf + used, size - used, "%s%s", used ? "; " : "", text);
}

/*
 * Why one scope failed to order `e` (whose state before the scope's command
 * is `seg`) before the later access.  Returns false when no mask of the
 * scope is at fault (the text then says the chain is incomplete).
 */
/* Whether the barrier's range covers all of the later access's region. */
static bool covers(const vks_walker *w, const vks_scope *s, const vks_later *later)
{
    if (s->global || !s->barrier->region.range_known || !later->region.range_known)
        return true;
    vks_interval bi[VKS_MAX_INTERVALS], li[VKS_MAX_INTERVALS];
    size_t bn = vks_region_intervals(w->program, &s->barrier->region, bi);
    size_t ln = vks_region_intervals(w->program, &later->region, li);
    for (size_t j = 0; j < ln; j++) {
        bool inside = false;
        for (size_t i = 0; i < bn && !inside; i++)
            inside = bi[i].start <= li[j].start && li[j].end <= bi[i].end;
        if (!inside)
            return false;
    }
    return true;
}

static bool explain_scope(const vks_walker *w, const vks_scope *s,
                          const vks_segment *seg,
                          const vks_access_rec *e, bool earlier_is_write,
                          const vks_later *later, char *out, size_t size)
{
    const vks_barrier *b = s->barrier;
    char mask[512], text[1024];
    const char *what = earlier_is_write ? "write" : "read";
    bool transition = later->rec.kind == VKS_REC_TRANSITION;
    const char *later_what = transition ? "layout transition"
                             : vks_access_is_write(later->rec.access) ? "write"
                                                                      : "read";
    uint64_t stage = later->rec.stage;
    out[0] = '\0';

    const char *src_name = s->event_set ? "stageMask" : "srcStageMask";
    if (!covers(w, s, later)) {
        snprintf(text, sizeof text,
                 "its range does not cover all of what the %s accesses", later_what);
        add_reason(out, size, text);
    }
    if (!vks_in_first_sync_scope(e, s)) {
        if (!vks_barrier_scope_reaches(b, e->cmd))
            snprintf(text, sizeof text,
                     "the fence it waits for does not wait for the %s: a fence "
                     "orders only the submission that signals it and the work "
                     "submitted before that one (this one was signalled earlier, "
                     "or created signalled)", what);
        else if (s->event_wait)
            snprintf(text, sizeof text,
                     "the %s is not in the first synchronization scope of the "
                     "event: it comes after the vkCmdSetEvent, or its stage is "
                     "not in the set's stageMask", what);
        else if (s->qfot == VKS_QFOT_ACQUIRE)
            snprintf(text, sizeof text,
                     "a queue family acquire has an empty first "
                     "synchronization scope: it orders nothing before it");
        else if (e->kind == VKS_REC_TRANSITION)
            snprintf(text, sizeof text,
                     "srcStageMask (%s) does not include a stage the earlier "
                     "layout transition is ordered before",
                     vks_stage_mask_str(b->src_stages.bits, mask, sizeof mask));
        else
            snprintf(text, sizeof text,
                     "%s (%s) does not include %s, the stage of the %s%s", src_name,
                     vks_stage_mask_str(b->src_stages.bits, mask, sizeof mask),
                     vks_stage_name(e->stage), what,
                     e->exec_after ? ", and no earlier barrier chains to it" : "");
        add_reason(out, size, text);
    } else if (earlier_is_write && !(seg->avail_after & s->first) &&
               e->kind != VKS_REC_TRANSITION && !s->event_set) {
        if (!(e->stage & s->src_explicit)) {
            snprintf(text, sizeof text,
                     "srcStageMask (%s) does not name %s explicitly: the write "
                     "is outside the first access scope and is not made "
                     "available (memory dependency missing)",
                     vks_stage_mask_str(b->src_stages.bits, mask, sizeof mask),
                     vks_stage_name(e->stage));
            add_reason(out, size, text);
        } else if (!(e->access & s->src_access) && b->execution_part) {
            /* vkCmdPipelineBarrier's stage masks: the memory dependency is
               the structs' (named in their own notes), or missing; where
               the stages fall short that is the reason (below). */
            if (stage & s->second)
                add_reason(out, size,
                           "its stage masks order the two, but no memory barrier "
                           "it was given makes the write available (memory "
                           "dependency missing)");
        } else if (!(e->access & s->src_access)) {
            snprintf(text, sizeof text,
                     "this barrier's srcAccessMask (%s) lacks %s: the write is "
                     "not made available (memory dependency missing)",
                     vks_access_mask_str(b->src_access.bits, mask, sizeof mask),
                     vks_access_name(e->access));
            add_reason(out, size, text);
        }
    }
    if (transition || s->event_set) {
        /* The transition itself is in the middle of the barrier, and a set
           operation's second half is the wait: only the first half
           matters. */
    } else if (s->qfot == VKS_QFOT_RELEASE) {
        add_reason(out, size,
                   "a queue family release ignores dstStageMask and "
                   "dstAccessMask: it orders nothing after it on this queue");
    } else if (!(stage & s->second)) {
        snprintf(text, sizeof text,
                 "dstStageMask (%s) does not include %s, the stage of the %s",
                 vks_stage_mask_str(b->dst_stages.bits, mask, sizeof mask),
                 vks_stage_name(stage), later_what);
        add_reason(out, size, text);
    } else if (earlier_is_write && !(stage & s->dst_explicit)) {
        snprintf(text, sizeof text,
                 "dstStageMask (%s) does not name %s explicitly: the %s is "
                 "outside the second access scope and the write is not made "
                 "visible to it",
                 vks_stage_mask_str(b->dst_stages.bits, mask, sizeof mask),
                 vks_stage_name(stage), later_what);
        add_reason(out, size, text);
    } else if (earlier_is_write && !(later->rec.access & s->dst_access) &&
               b->execution_part) {
        /* said with the srcAccessMask above, or the stages fell short */
    } else if (earlier_is_write && !(later->rec.access & s->dst_access)) {
        snprintf(text, sizeof text,
                 "dstAccessMask (%s) lacks %s: the write is not made visible "
                 "to the %s",
                 vks_access_mask_str(b->dst_access.bits, mask, sizeof mask),
                 vks_access_name(later->rec.access), later_what);
        add_reason(out, size, text);
    }
    if (out[0])
        return true;
    snprintf(out, size, "this barrier does not complete the dependency chain "
                        "from the %s to the %s", what, later_what);
    return false;
}

static bool scope_touches(const vks_walker *w, const vks_scope *s,
                          const vks_later *later)
{
    if (s->global)
        return true;
    if (!s->barrier->region.range_known || !later->region.range_known)
        return s->barrier->region.res == later->region.res;
    return vks_regions_overlap(w->program, &s->barrier->region, &later->region);
}

/*
 * Replays the commands between the two accesses for the earlier access
 * alone, and adds one SYNC note per barrier the user wrote that covers the
 * resource, saying why it did not order the pair.  Returns the number of
 * such barriers; *any_barrier tells whether any barrier lies between.
 */
static size_t explain_between(vks_walker *w, vks_finding *f, const vks_conflict *c,
                              const vks_later *later, bool *any_barrier)
{
    vks_segment seg = {0};
    vks_access_rec earlier = c->earlier;
    earlier.exec_after = 0;
    if (earlier.kind == VKS_REC_TRANSITION &&
        earlier.detail < w->scope_count[earlier.cmd]) {
        const vks_scope *t = &w->scopes[earlier.cmd][earlier.detail];
        earlier.exec_after = t->second;
        seg.avail_after = t->second;
        seg.vis_count = 1;
        seg.vis_stages[0] = t->dst_explicit;
        seg.vis_access[0] = t->dst_access;
    }
    if (c->earlier_is_write) {
        seg.has_write = true;
        seg.write = earlier;
    } else {
        seg.reads = &earlier;
        seg.read_count = 1;
    }
    size_t notes = 0;
    *any_barrier = false;
    /* From the scopes the earlier access's command applied after it, to
       those the later access's command applied before it (a transition:
       only its own barrier). */
    for (uint32_t i = c->earlier.cmd; i <= later->cmd; i++) {
        const vks_cmd *cmd = &w->cb->cmds[i];
        size_t from = i == c->earlier.cmd ? c->earlier.scopes_before : 0;
        size_t to = w->scope_count[i];
        if (i == later->cmd && later->rec.kind != VKS_REC_TRANSITION &&
            later->rec.scopes_before < to)
            to = later->rec.scopes_before;
        const vks_scope *touching[to > from ? to - from : 1];
        size_t n = 0;
        for (size_t k = from; k < to; k++) {
            const vks_scope *s = &w->scopes[i][k];
            if (i == later->cmd && later->rec.kind == VKS_REC_TRANSITION &&
                k != later->rec.detail)
                continue;
            bool own_transition = i == later->cmd &&
                                  later->rec.kind == VKS_REC_TRANSITION;
            /* vkCmdPipelineBarrier's execution dependency, kept as a
               global barrier with no access masks next to the structs the
               program passed (analyzer/commands.c, fe_add_sync1_barriers):
               where its stage masks order the two, what is missing is in
               the structs, and the notes name them - not access masks
               nobody wrote ("srcAccessMask (NONE)" at the call, found by a
               helper session).  Its stage masks, when they fall short,
               are named at the call. */
            const vks_access_rec *now = c->earlier_is_write ? &seg.write : &seg.reads[0];
            bool execution_part = s->barrier->execution_part && cmd->barrier_count > 1 &&
                                  vks_in_first_sync_scope(now, s) &&
                                  (later->rec.stage & s->second);
            if ((s->implicit || s->exec_only_copy || execution_part) && !own_transition) {
                if (scope_touches(w, s, later))
                    touching[n++] = s;
                continue;
            }
            *any_barrier = true;
            if (!scope_touches(w, s, later))
                continue;
            touching[n++] = s;
            char why[2048];
            if (!explain_scope(w, s, &seg, now, c->earlier_is_write, later, why,
                               sizeof why) &&
                s->event_set)
                continue; /* the set did its part: the wait is named */
            if (notes++ >= MAX_SYNC_NOTES)
                continue;
            vks_loc loc = s->barrier->loc.file ? s->barrier->loc : cmd->loc;
            /* The finding itself is at the command; its note names the
               struct that asked for the transition. */
            const char *declared = own_transition && s->attachment == UINT32_MAX &&
                                           s->barrier->loc.file
                                       ? "the layout transition is declared here; "
                                       : "";
            /* A render pass's scope that is not a layout transition is one
               of its subpass dependencies: named, so the user knows which
               VkSubpassDependency to change. */
            const char *dependency =
                is_render_pass_cmd(cmd) && s->attachment == UINT32_MAX
                    ? vks_arena_printf(w->out->arena, "%s: ",
                                       dependency_name(w->out->arena, s->barrier))
                    : "";
            vks_finding_note(w->out, f, VKS_NOTE_SYNC, loc,
                             vks_arena_printf(w->out->arena, "%s: %s%s%s", cmd->name,
                                              dependency, declared, why));
        }
        vks_segment_apply(&seg, touching, n);
    }
    if (notes > MAX_SYNC_NOTES)
        vks_finding_note(w->out, f, VKS_NOTE_INFO, later->loc,
                         vks_arena_printf(w->out->arena,
                                          "%zu more barriers between them do "
                                          "not order the accesses either",
                                          notes - MAX_SYNC_NOTES));
    return notes;
}

/* "'img' (mip 1)", "'img' (mips 0-3, layer 2)": which subresources of an
   image, when not all; buffers: just the name. */
static const char *quoted_name(const vks_walker *w, const vks_region *r)
{
    const char *name = res_name(w, r->res);
    vks_arena *arena = w->out->arena;
    if (r->res >= w->program->resource_count ||
        w->program->resources[r->res].kind != VKS_RES_IMAGE || !r->range_known)
        return vks_arena_printf(arena, "'%s'", name);
    char mips[64] = "", layers[64] = "";
    if (r->mip_count == 1)
        snprintf(mips, sizeof mips, "mip %u", r->base_mip);
    else if (r->base_mip != 0 || r->mip_count != VKS_REMAINING)
        snprintf(mips, sizeof mips, "mips %u-%s", r->base_mip,
                 r->mip_count == VKS_REMAINING
                     ? "end"
                     : vks_arena_printf(arena, "%u", r->base_mip + r->mip_count - 1));
    if (r->layer_count == 1 && w->program->resources[r->res].array_layers != 1)
        snprintf(layers, sizeof layers, "layer %u", r->base_layer);
    else if (r->base_layer != 0 || (r->layer_count != VKS_REMAINING &&
                                    r->layer_count != w->program->resources[r->res].array_layers))
        snprintf(layers, sizeof layers, "layers %u-%s", r->base_layer,
                 r->layer_count == VKS_REMAINING
                     ? "end"
                     : vks_arena_printf(arena, "%u", r->base_layer + r->layer_count - 1));
    if (!mips[0] && !layers[0])
        return vks_arena_printf(arena, "'%s'", name);
    return vks_arena_printf(arena, "'%s' (%s%s%s)", name, mips,
                            mips[0] && layers[0] ? ", " : "", layers);
}

void vks_add_conflict_finding(vks_walker *w, const vks_later *later,
                              const vks_conflict *c)
{
    const char *name = res_name(w, later->region.res);
    const char *subject = quoted_name(w, &later->region);
    const char *later_desc = vks_describe_rec(w, &later->rec);
    const char *earlier_desc = vks_describe_rec(w, &c->earlier);
    const char *earlier_sa = stage_access(w, &c->earlier);
    bool transition = later->rec.kind == VKS_REC_TRANSITION;
    const char *what;
    if (transition)
        what = vks_arena_printf(w->out->arena, "%s rewrites %s", later_desc, subject);
    else
        what = vks_arena_printf(w->out->arena, "%s %s %s%s", later_desc,
                                vks_access_is_write(later->rec.access) ? "writes"
                                                                       : "reads",
                                subject, stage_access(w, &later->rec));
    char *message;
    if (c->rule == VKS_RULE_HAZARD_WAR)
        message = vks_arena_printf(w->out->arena,
                                   "%s before the read by %s%s is ordered before "
                                   "it by an execution dependency",
                                   what, earlier_desc, earlier_sa);
    else
        message = vks_arena_printf(w->out->arena,
                                   "%s before the write by %s%s is made %s to it",
                                   what, earlier_desc, earlier_sa,
                                   transition ? "available" : "visible");

    /* The path's branch decisions in execution order around the earlier
       access; decisions taken after the later access do not matter. */
    size_t step;
    vks_step_filter keep = {w->cb, c->earlier.cmd, later->cmd};
    vks_finding *f = start_finding(w, c->rule, later->loc, "", c->earlier.cmd, &step,
                                   &keep);
    vks_finding_note(w->out, f, VKS_NOTE_EARLIER_ACCESS, rec_loc(w, &c->earlier),
                     vks_arena_printf(w->out->arena, "%s %s '%s' here%s",
                                      earlier_desc,
                                      c->earlier_is_write ? "writes" : "reads",
                                      name, earlier_sa));
    vks_note_path_steps(w->cb, w->out, f, &step, later->cmd, &keep);
    bool any_barrier;
    size_t sync_notes = explain_between(w, f, c, later, &any_barrier);
    const char *render_pass = any_barrier ? NULL : explain_render_pass(w, f, c, later);
    if (render_pass)
        message = vks_arena_printf(w->out->arena, "%s%s", message, render_pass);
    else if (!any_barrier && separate_submissions(w, c->earlier.cmd, later->cmd))
        message = vks_arena_printf(w->out->arena,
                                   "%s, with no barrier or semaphore between them "
                                   "(they are in different submissions, and "
                                   "submission order alone orders nothing)",
                                   message);
    else if (!any_barrier)
        message = vks_arena_printf(w->out->arena, "%s, with no barrier between them",
                                   message);
    else if (!sync_notes)
        message = vks_arena_printf(w->out->arena,
                                   "%s, and no barrier between them covers '%s'",
                                   message, name);
    f->message = message;
}

void vks_add_layout_mismatch_finding(vks_walker *w, const vks_later *later,
                                     const vks_segment *seg, uint32_t expected)
{
    const char *name = res_name(w, later->region.res);
    const char *desc = vks_describe_rec(w, &later->rec);
    char *message;
    if (later->rec.kind == VKS_REC_TRANSITION)
        message = vks_arena_printf(w->out->arena,
                                   "%s expects '%s' in layout %s (oldLayout), but "
                                   "it is in layout %s",
                                   desc, name, vks_layout_name(expected),
                                   vks_layout_name(seg->layout));
    else
        message = vks_arena_printf(w->out->arena,
                                   "%s uses '%s' in layout %s, but it is in "
                                   "layout %s",
                                   desc, name, vks_layout_name(expected),
                                   vks_layout_name(seg->layout));
    size_t step;
    uint32_t set_at = seg->layout_cmd < w->cb->cmd_count ? seg->layout_cmd : later->cmd;
    vks_step_filter keep = {w->cb, set_at, later->cmd};
    vks_finding *f = start_finding(w, VKS_RULE_LAYOUT_MISMATCH, later->loc, message,
                                   set_at, &step, &keep);
    if (seg->layout_cmd < w->cb->cmd_count) {
        const vks_cmd *set = &w->cb->cmds[seg->layout_cmd];
        vks_finding_note(w->out, f, VKS_NOTE_EARLIER_ACCESS, set->loc,
                         vks_arena_printf(w->out->arena,
                                          "%s puts '%s' in layout %s here",
                                          set->name, name,
                                          vks_layout_name(seg->layout)));
    }
    vks_note_path_steps(w->cb, w->out, f, &step, later->cmd, &keep);
    /* The finding is at the command (docs/design.md, "SARIF"); the barrier
       struct whose oldLayout is wrong is the note. */
    const vks_scope *s = transition_scope(w, &later->rec);
    if (s && s->attachment == UINT32_MAX && s->barrier->loc.file)
        vks_finding_note(w->out, f, VKS_NOTE_SYNC, s->barrier->loc,
                         vks_arena_printf(w->out->arena,
                                          "%s: the layout transition (%s->%s) is "
                                          "declared here",
                                          w->cb->cmds[later->cmd].name,
                                          vks_layout_name(s->old_layout),
                                          vks_layout_name(s->new_layout)));
}

void vks_add_layout_discard_finding(vks_walker *w, const vks_later *later,
                                    const vks_segment *seg)
{
    const char *name = res_name(w, later->region.res);
    const vks_cmd *writer = &w->cb->cmds[seg->discarded_write_cmd];
    const vks_cmd *discarder = &w->cb->cmds[seg->discard_cmd];
    size_t step;
    vks_step_filter keep = {w->cb, seg->discarded_write_cmd, later->cmd};
    vks_finding *f = start_finding(
        w, VKS_RULE_LAYOUT_DISCARD, later->loc,
        vks_arena_printf(w->out->arena,
                         "%s reads '%s'%s, but the content %s wrote was "
                         "discarded by a layout transition from UNDEFINED in %s",
                         vks_describe_rec(w, &later->rec), name,
                         stage_access(w, &later->rec), writer->name,
                         discarder->name),
        seg->discarded_write_cmd, &step, &keep);
    vks_finding_note(w->out, f, VKS_NOTE_EARLIER_ACCESS, writer->loc,
                     vks_arena_printf(w->out->arena, "%s writes '%s' here",
                                      writer->name, name));
    vks_note_path_steps(w->cb, w->out, f, &step, seg->discard_cmd, &keep);
    vks_finding_note(w->out, f, VKS_NOTE_SYNC, discarder->loc,
                     vks_arena_printf(w->out->arena,
                                      "%s: oldLayout UNDEFINED lets the "
                                      "implementation discard the content; use "
                                      "the current layout to keep it",
                                      discarder->name));
    vks_note_path_steps(w->cb, w->out, f, &step, later->cmd, &keep);
}
