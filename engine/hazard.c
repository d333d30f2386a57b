/*
 * hazard.c - the hazard engine: execution and memory dependencies over the
 * command IR (include/vksync/engine.h).
 *
 * The rules are those of the Vulkan spec's "Synchronization and Cache
 * Control" chapter, "Execution and Memory Dependencies", "Pipeline Stages",
 * "Access Types" and "Image Layout Transitions".  The literal reading of the
 * formal execution-dependency rules (docs/design.md, "Sources") compares
 * every pair of commands
 * ("Some sequences of n commands will still result in O(n^2) edges, so these
 * rules should not be implemented literally").  Like the validation layer's
 * synchronization validation (syncval), this engine instead walks each
 * command buffer once and keeps, per resource, an interval map over the
 * resource's address space (access_map.c).  Each segment remembers the last
 * write and the reads since it, together with what the barriers recorded
 * since then have guaranteed about them:
 *
 *   exec_after   the stages of later commands that the access happens-before
 *                (execution dependency chains);
 *   avail_after  for the write: the stages ordered after an availability
 *                operation that covers it (0: not available);
 *   visible      for the write: (stages, accesses) it was made visible to.
 *
 * A barrier updates the segments it covers, a later access is checked against
 * them: cost is linear in the number of commands times the (small) number of
 * segments a command touches.  Global barriers are not applied to every
 * resource at once (that would cost commands x resources): they are logged,
 * and each resource catches up with the log when it is next touched, so a
 * resource that is never touched again costs nothing.  What a barrier does
 * to one segment (scopes, availability, visibility) is scope.c's.
 *
 * Each command buffer is checked on its own, from a state where nothing is
 * known (layouts included): what happens between command buffers and
 * queues is the submission analysis' job.  Explanations (explain.c) are
 * computed only when a hazard is reported.
 */
#include "vksync/engine.h"

#include <string.h>
#include <vulkan/vulkan_core.h>

#include "engine_internal.h"
#include "vksync/vk_tables.h"

/* ---- checks ---- */

static void consider(vks_conflict *best, vks_rule rule,
                     const vks_access_rec *earlier, bool is_write)
{
    if (best->rule != VKS_RULE_COUNT && best->earlier.cmd > earlier->cmd)
        return;
    best->rule = rule;
    best->earlier = *earlier;
    best->earlier_is_write = is_write;
}

/* An ordered pair is proved only when nothing assumed ordered it. */
static void count_ordered(vks_walker *w, const vks_access_rec *earlier)
{
    if (earlier->assumed)
        vks_stats_unknown(w->stats, VKS_UNKNOWN_ASSUMED_ORDER);
    else
        w->stats->pairs_proved_ordered++;
}

/* Accesses by the same command in the same role (a copy's source and
   destination) are not a hazard between commands. */
static bool same_operation(const vks_access_rec *a, const vks_access_rec *b)
{
    return a->cmd == b->cmd && a->kind == b->kind;
}

/* The access must be ordered after the last write by an execution
   dependency and the write made visible to it (a memory dependency). */
static void check_against_write(vks_walker *w, const vks_segment *seg,
                                const vks_access_rec *acc, vks_rule rule,
                                vks_conflict *best)
{
    if (!seg->has_write || same_operation(&seg->write, acc))
        return;
    if ((seg->write.exec_after & acc->stage) &&
        vks_segment_visible(seg, acc->stage, acc->access))
        count_ordered(w, &seg->write);
    else
        consider(best, rule, &seg->write, true);
}

/*
 * A host access (stage HOST) of mapped memory against the device accesses
 * submitted before it in the stream (engine/host_hazards.c explains the rules).
 * Device work is ordered before the host only by a host wait (a stream
 * command with host_wait) between the two: a barrier with dstStageMask HOST
 * inside a command buffer is no such wait, so exec_after is not used.  A
 * host read also needs the device write made visible to HOST / HOST_READ.
 * Host accesses are ordered among themselves by the host program's order.
 * A host write after a waited-for device write needs no visibility
 * operation here (limit, docs/checks/host-read-not-visible.md).
 */
static void check_host_against(vks_walker *w, const vks_segment *seg,
                               const vks_access_rec *earlier, bool earlier_is_write,
                               const vks_access_rec *acc, vks_conflict *best)
{
    if (earlier->stage == VK_PIPELINE_STAGE_2_HOST_BIT)
        return;
    vks_host_order order = vks_host_waited(w, earlier->cmd, acc->cmd);
    if (order == VKS_HOST_ORDER_UNKNOWN) {
        vks_stats_unknown(w->stats, VKS_UNKNOWN_HOST_ORDER);
        return;
    }
    if (order == VKS_HOST_ORDER_NONE) {
        consider(best, VKS_RULE_HOST_ACCESS_BEFORE_WAIT, earlier, earlier_is_write);
        return;
    }
    if (earlier_is_write && !vks_access_is_write(acc->access) &&
        !vks_segment_visible(seg, VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT)) {
        if (earlier->assumed)
            vks_stats_unknown(w->stats, VKS_UNKNOWN_ASSUMED_ORDER);
        else
            consider(best, VKS_RULE_HOST_READ_NOT_VISIBLE, earlier, true);
        return;
    }
    count_ordered(w, earlier);
}

static void check_host_access(vks_walker *w, const vks_segment *seg,
                              const vks_access_rec *acc, vks_conflict *best)
{
    if (vks_access_is_write(acc->access) && seg->read_count) {
        for (uint32_t r = 0; r < seg->read_count; r++)
            check_host_against(w, seg, &seg->reads[r], false, acc, best);
        return;
    }
    if (seg->has_write)
        check_host_against(w, seg, &seg->write, true, acc, best);
}

/* Checks one access against one segment (the rules of "Execution and
   Memory Dependencies": write-after-read needs an execution dependency,
   read-after-write and write-after-write a memory dependency). */
static void check_segment(vks_walker *w, const vks_segment *seg,
                          const vks_access_rec *acc, vks_conflict *best)
{
    if (acc->stage == VK_PIPELINE_STAGE_2_HOST_BIT) {
        check_host_access(w, seg, acc, best);
        return;
    }
    if (!vks_access_is_write(acc->access)) {
        check_against_write(w, seg, acc, VKS_RULE_HAZARD_RAW, best);
        return;
    }
    /* One finding per access, against the most recent conflicting access: a
       write is checked against the reads since the last write if there are
       any, else against the last write (syncval's rule:
       docs/conventions.md, "syncval").
       The reads were themselves checked against that write. */
    if (seg->read_count) {
        for (uint32_t r = 0; r < seg->read_count; r++) {
            if (same_operation(&seg->reads[r], acc))
                continue;
            if (seg->reads[r].exec_after & acc->stage)
                count_ordered(w, &seg->reads[r]);
            else
                consider(best, VKS_RULE_HAZARD_WAR, &seg->reads[r], false);
        }
        return;
    }
    check_against_write(w, seg, acc, VKS_RULE_HAZARD_WAW, best);
}

/* A buffer access whose bytes are unknown (a host write at `mapped + k`,
   k unknown): the buffer is known, which bytes are not. */
static bool somewhere_in_a_buffer(const vks_walker *w, const vks_access *acc)
{
    return acc->known && !acc->region.range_known && acc->region.res != VKS_RES_UNKNOWN &&
           acc->region.res < w->program->resource_count &&
           w->program->resources[acc->region.res].kind == VKS_RES_BUFFER && acc->stage &&
           acc->access;
}

static bool access_checkable(vks_walker *w, const vks_access *acc)
{
    if (!acc->known || acc->region.res == VKS_RES_UNKNOWN ||
        acc->region.res >= w->program->resource_count ||
        !acc->region.range_known || !acc->stage || !acc->access) {
        vks_stats_unknown(w->stats, VKS_UNKNOWN_ACCESS);
        return false;
    }
    return true;
}

/* What one access found in the segments it overlaps. */
typedef struct {
    vks_conflict conflict;
    const vks_segment *layout_mismatch; /* a segment in another layout */
    const vks_segment *discarded;       /* a segment whose content was discarded */
} access_findings;

static access_findings check_access(vks_walker *w, const vks_access *acc,
                                    const vks_access_rec *rec)
{
    access_findings found = {.conflict.rule = VKS_RULE_COUNT};
    vks_interval iv[VKS_MAX_INTERVALS];
    size_t n = vks_region_intervals(w->program, &acc->region, iv);
    vks_res_state *rs = vks_map_resource(&w->map, acc->region.res);
    bool reads = !vks_access_is_write(acc->access);
    for (size_t k = 0; k < n; k++) {
        size_t i = vks_res_first_overlap(rs, iv[k].start);
        for (; i < rs->count && rs->segs[i].start < iv[k].end; i++) {
            const vks_segment *seg = &rs->segs[i];
            check_segment(w, seg, rec, &found.conflict);
            /* The layout the command uses must be the current one. */
            if (acc->layout != VKS_LAYOUT_UNKNOWN &&
                seg->layout != VKS_LAYOUT_UNKNOWN && seg->layout != acc->layout &&
                !found.layout_mismatch)
                found.layout_mismatch = seg;
            /* "If the old layout is VK_IMAGE_LAYOUT_UNDEFINED, the contents
               of that range may be discarded": reading them is reading
               undefined values. */
            if (reads && seg->discarded && !found.discarded)
                found.discarded = seg;
        }
    }
    return found;
}

/*
 * An access somewhere in a buffer (somewhere_in_a_buffer) is checked
 * against the whole buffer: where no earlier access anywhere in it
 * conflicts, none does at the unknown bytes either, and there is nothing to
 * ask; where one does, whether the unknown bytes are among them is the
 * question left unknown - never a finding.  It is not recorded (which
 * bytes it leaves written or read is unknown).  Counting every such access
 * as a question made a renderer that fills fresh vertex buffers through
 * pointers at unknown offsets ask 20,000 questions about buffers no
 * submitted work had touched.
 */
static void check_somewhere(vks_walker *w, const vks_access *acc, const vks_access_rec *rec)
{
    vks_access whole = *acc;
    whole.region = vks_buffer_region(acc->region.res, 0, VKS_WHOLE);
    vks_map_catch_up(&w->map, whole.region.res);
    access_findings found = check_access(w, &whole, rec);
    if (found.conflict.rule != VKS_RULE_COUNT)
        vks_stats_unknown(w->stats, VKS_UNKNOWN_ACCESS);
}

static void record_access(vks_walker *w, const vks_access *acc,
                          vks_access_rec rec)
{
    vks_interval iv[VKS_MAX_INTERVALS];
    size_t n = vks_region_intervals(w->program, &acc->region, iv);
    vks_res_state *rs = vks_map_resource(&w->map, acc->region.res);
    for (size_t k = 0; k < n; k++) {
        if (vks_access_is_write(acc->access))
            vks_res_record_write(&w->map, rs, iv[k], rec);
        else
            vks_res_record_read(&w->map, rs, iv[k], rec);
    }
}

void vks_walk_accesses(vks_walker *w, uint32_t cmd, const vks_access *accesses,
                       const vks_rec_kind *kinds, const uint32_t *details,
                       size_t count)
{
    bool checkable[count ? count : 1];
    vks_access_rec recs[count ? count : 1];
    /* Every access of the command is checked against the state before the
       command: its own accesses (a copy's source and destination) are not a
       hazard between commands. */
    for (size_t a = 0; a < count; a++) {
        const vks_access *acc = &accesses[a];
        recs[a] = (vks_access_rec){.cmd = cmd, .stage = acc->stage,
                                   .access = acc->access,
                                   .kind = kinds ? kinds[a] : VKS_REC_ACCESS,
                                   .detail = details ? details[a] : 0,
                                   .scopes_before = (uint32_t)w->scope_count[cmd]};
        if (somewhere_in_a_buffer(w, acc)) {
            checkable[a] = false; /* which bytes it leaves is unknown */
            check_somewhere(w, acc, &recs[a]);
            continue;
        }
        checkable[a] = access_checkable(w, acc);
        if (!checkable[a])
            continue;
        vks_map_catch_up(&w->map, acc->region.res);
        access_findings found = check_access(w, acc, &recs[a]);
        vks_later later = {.cmd = cmd, .rec = recs[a], .region = acc->region,
                           .loc = w->cb->cmds[cmd].loc};
        if (found.conflict.rule == VKS_RULE_HOST_ACCESS_BEFORE_WAIT ||
            found.conflict.rule == VKS_RULE_HOST_READ_NOT_VISIBLE)
            vks_add_host_conflict_finding(w, &later, &found.conflict);
        else if (found.conflict.rule != VKS_RULE_COUNT)
            vks_add_conflict_finding(w, &later, &found.conflict);
        if (found.layout_mismatch)
            vks_add_layout_mismatch_finding(w, &later, found.layout_mismatch,
                                            acc->layout);
        if (found.discarded)
            vks_add_layout_discard_finding(w, &later, found.discarded);
    }
    /* Writes first: a read by the same command of what it writes itself is
       not recorded as a read since the write (access_map.c, add_read). */
    for (int pass = 0; pass < 2; pass++)
        for (size_t a = 0; a < count; a++)
            if (checkable[a] && vks_access_is_write(accesses[a].access) == (pass == 0))
                record_access(w, &accesses[a], recs[a]);
}

/* ---- barriers: layout transitions ---- */

static size_t scope_index(const vks_walker *w, const vks_scope *s)
{
    return (size_t)(s - w->scopes[w->barrier_cmd]);
}

/*
 * A layout transition is a read and a write of the subresources: "it
 * happens-after the availability operations in the memory dependency, and
 * happens-before the visibility operations ... applications must ensure that
 * all memory writes have been made available before a layout transition is
 * executed" (Image Layout Transitions).  Checked against the state before
 * the command, like an access of a later command.
 */
static void check_transition(vks_walker *w, const vks_segment *pre,
                             const vks_scope *t, const vks_scope *const *scopes,
                             size_t count)
{
    vks_conflict *best = &w->transition_conflicts[scope_index(w, t)];
    if (pre->read_count) {
        for (uint32_t r = 0; r < pre->read_count; r++) {
            if (vks_in_first_sync_scope(&pre->reads[r], t))
                count_ordered(w, &pre->reads[r]);
            else
                consider(best, VKS_RULE_HAZARD_WAR, &pre->reads[r], false);
        }
        return;
    }
    if (!pre->has_write || pre->write.cmd == w->barrier_cmd)
        return;
    /* "Layout transitions that are performed via image memory barriers
       execute in their entirety in submission order, relative to other
       image layout transitions", and their writes are made available. */
    bool ordered = pre->write.kind == VKS_REC_TRANSITION ||
                   (vks_in_first_sync_scope(&pre->write, t) &&
                    (vks_scopes_make_available(&pre->write, scopes, count) ||
                     (pre->avail_after & t->first)));
    if (ordered)
        count_ordered(w, &pre->write);
    else
        consider(best, VKS_RULE_HAZARD_WAW, &pre->write, true);
}

static bool is_image_scope(const vks_scope *s)
{
    return !s->global && s->barrier->kind == VKS_BARRIER_IMAGE;
}

/* The segment hook of the access map: a command's barriers applied to one
   segment of a resource some buffer or image barrier of it names. */
static void apply_with_transitions(void *ctx, vks_res_id res, vks_segment *seg,
                                   const vks_scope *const *scopes, size_t count)
{
    vks_walker *w = ctx;
    const vks_segment pre = *seg;
    const vks_scope *last_transition = NULL;
    for (size_t i = 0; i < count; i++) {
        const vks_scope *s = scopes[i];
        if (!is_image_scope(s))
            continue;
        size_t k = scope_index(w, s);
        /* "The old layout must either be VK_IMAGE_LAYOUT_UNDEFINED, or match
           the current layout of the image subresource range." */
        if (s->old_layout != VKS_LAYOUT_UNKNOWN &&
            s->old_layout != VK_IMAGE_LAYOUT_UNDEFINED &&
            pre.layout != VKS_LAYOUT_UNKNOWN && s->old_layout != pre.layout &&
            !w->mismatch_reported[k]) {
            w->mismatch_reported[k] = true;
            vks_add_layout_mismatch_finding(w, &w->transition_later[k], &pre,
                                            s->old_layout);
        }
        if (s->transition) {
            check_transition(w, &pre, s, scopes, count);
            last_transition = s;
        }
    }
    vks_segment_apply(seg, scopes, count);
    for (size_t i = 0; i < count; i++) {
        const vks_scope *s = scopes[i];
        if (is_image_scope(s) && !s->transition &&
            (s->old_layout != s->new_layout || s->new_layout == VKS_LAYOUT_UNKNOWN)) {
            seg->layout = s->new_layout;
            seg->layout_cmd = w->barrier_cmd;
        }
    }
    if (!last_transition)
        return;
    /* The transition is the segment's new write.  It happens-before the
       second scope of its barrier, its writes "are automatically made
       available", and the command's visibility operations come after it. */
    const vks_scope *t = last_transition;
    vks_segment after = *seg;
    after.has_write = true;
    after.write = (vks_access_rec){.cmd = w->barrier_cmd, .exec_after = t->second,
                                   .kind = VKS_REC_TRANSITION,
                                   .detail = (uint32_t)scope_index(w, t),
                                   .scopes_before = (uint32_t)w->scope_count[w->barrier_cmd]};
    after.avail_after = t->second;
    after.vis_count = 0;
    after.read_count = 0;
    for (size_t i = 0; i < count; i++)
        vks_segment_add_visible(&after, scopes[i]->dst_explicit,
                                scopes[i]->dst_access);
    after.layout = t->new_layout;
    after.layout_cmd = w->barrier_cmd;
    if (t->old_layout == VK_IMAGE_LAYOUT_UNDEFINED && pre.has_content) {
        after.discarded = true;
        after.discard_cmd = w->barrier_cmd;
        after.discarded_write_cmd = pre.content_cmd;
        after.has_content = false;
    }
    (void)res;
    *seg = after;
}

void vks_walk_scopes(vks_walker *w, uint32_t cmd, vks_scope *scopes,
                     size_t count)
{
    /* Keep every scope a command applied, for the explanations: a render
       pass instance applies several batches at one command. */
    size_t old = w->scope_count[cmd];
    vks_scope *all = vks_arena_alloc(w->map.arena, (old + count + 1) * sizeof *all);
    if (old)
        memcpy(all, w->scopes[cmd], old * sizeof *all);
    memcpy(all + old, scopes, count * sizeof *all);
    w->scopes[cmd] = all;
    w->scope_count[cmd] = old + count;

    size_t total = old + count;
    w->barrier_cmd = cmd;
    w->transition_conflicts = vks_arena_alloc(w->map.arena,
                                              (total + 1) * sizeof *w->transition_conflicts);
    w->transition_later = vks_arena_alloc(w->map.arena,
                                          (total + 1) * sizeof *w->transition_later);
    w->mismatch_reported = vks_arena_alloc(w->map.arena,
                                           (total + 1) * sizeof *w->mismatch_reported);
    for (size_t k = 0; k < total; k++) {
        const vks_scope *s = &all[k];
        w->transition_conflicts[k].rule = VKS_RULE_COUNT;
        w->transition_later[k] = (vks_later){
            .cmd = cmd,
            .rec = {.cmd = cmd, .kind = VKS_REC_TRANSITION, .detail = (uint32_t)k},
            .region = s->barrier->region,
            /* docs/design.md, "SARIF": the finding is at the call that performs
               the access, here the vkCmd* that executes the transition; the
               barrier struct is a note (explain.c). */
            .loc = w->cb->cmds[cmd].loc};
    }
    vks_map_begin_barriers(&w->map);
    for (size_t k = old; k < total; k++)
        vks_map_add_barrier(&w->map, &all[k]);
    vks_map_end_barriers(&w->map);
    for (size_t k = old; k < total; k++)
        if (w->transition_conflicts[k].rule != VKS_RULE_COUNT)
            vks_add_conflict_finding(w, &w->transition_later[k],
                                     &w->transition_conflicts[k]);
}

/* ---- the walk over one command buffer ---- */

static void walk_barrier_cmd(vks_walker *w, uint32_t index)
{
    const vks_cmd *cmd = &w->cb->cmds[index];
    vks_scope *scopes = vks_arena_alloc(w->map.arena, (2 * cmd->barrier_count + 1) *
                                                          sizeof *scopes);
    size_t n = 0;
    for (size_t b = 0; b < cmd->barrier_count; b++)
        n += vks_scopes_for_barrier(w, &cmd->barriers[b], &scopes[n]);
    vks_walk_scopes(w, index, scopes, n);
}

/* A command the engine does not model may synchronize anything: taking it
   as a full barrier is the direction that cannot produce a finding. */
static void walk_unmodelled(vks_walker *w, uint32_t index)
{
    const char *name = w->cb->cmds[index].name;
    vks_stats_unknown(w->stats, name && strcmp(name, VKS_SUBMITTED_UNSEEN) == 0
                                    ? VKS_UNKNOWN_UNSEEN_RECORDING
                                    : VKS_UNKNOWN_UNMODELLED);
    vks_scope all = vks_scope_everything();
    vks_walk_scopes(w, index, &all, 1);
}

static void walk_action(vks_walker *w, uint32_t index)
{
    const vks_cmd *cmd = &w->cb->cmds[index];
    vks_walk_accesses(w, index, cmd->accesses, NULL, NULL, cmd->access_count);
    if (w->render_pass)
        vks_walk_draw_done(w, index);
}

static void check_cmdbuf(const vks_program *program, uint32_t cb_index,
                         vks_findings *out, vks_stats *stats)
{
    const vks_cmdbuf *cb = &program->cmdbufs[cb_index];
    vks_walker w = {.program = program, .cb_index = cb_index, .cb = cb,
                    .out = out, .stats = stats};
    vks_map_init(&w.map, program, apply_with_transitions, &w);
    w.scopes = vks_arena_alloc(w.map.arena, (cb->cmd_count + 1) * sizeof *w.scopes);
    w.scope_count = vks_arena_alloc(w.map.arena,
                                    (cb->cmd_count + 1) * sizeof *w.scope_count);
    w.events = vks_arena_alloc(w.map.arena,
                               (program->event_count + 1) * sizeof *w.events);
    for (size_t e = 0; e < program->event_count; e++)
        w.events[e].set_cmd = UINT32_MAX;
    for (int c = 0; c < VKS_EVENT_CHANNELS; c++)
        w.channel_event[c] = UINT32_MAX;
    for (uint32_t i = 0; i < cb->cmd_count; i++) {
        switch (cb->cmds[i].kind) {
        case VKS_CMD_ACTION:
            walk_action(&w, i);
            break;
        case VKS_CMD_BARRIER:
            walk_barrier_cmd(&w, i);
            break;
        case VKS_CMD_SET_EVENT:
            vks_walk_set_event(&w, i);
            break;
        case VKS_CMD_RESET_EVENT:
            vks_walk_reset_event(&w, i);
            break;
        case VKS_CMD_WAIT_EVENTS:
            vks_walk_wait_events(&w, i);
            break;
        case VKS_CMD_BEGIN_RENDER_PASS:
            vks_walk_begin_render_pass(&w, i);
            break;
        case VKS_CMD_NEXT_SUBPASS:
            vks_walk_next_subpass(&w, i);
            break;
        case VKS_CMD_END_RENDER_PASS:
            vks_walk_end_render_pass(&w, i);
            break;
        case VKS_CMD_EXECUTE_COMMANDS:
        case VKS_CMD_UNKNOWN:
            walk_unmodelled(&w, i);
            break;
        }
    }
    vks_map_free(&w.map);
}

static const vks_note *earlier_access_note(const vks_finding *f)
{
    for (size_t i = 0; i < f->note_count; i++)
        if (f->notes[i].kind == VKS_NOTE_EARLIER_ACCESS)
            return &f->notes[i];
    return NULL;
}

/* The same hazard (same rule, accesses and message) found again on another
   path through the recording code: the first path's counterexample is
   enough (the front end records one command buffer per path). */
static bool repeats(const vks_finding *a, const vks_finding *b)
{
    const vks_note *ea = earlier_access_note(a), *eb = earlier_access_note(b);
    return a->rule == b->rule && vks_loc_chain_equal(&a->loc, &b->loc) &&
           strcmp(a->message, b->message) == 0 && (!ea) == (!eb) &&
           (!ea || vks_loc_chain_equal(&ea->loc, &eb->loc));
}

void vks_check_program(const vks_program *program, vks_findings *out,
                       vks_stats *stats)
{
    vks_stats scratch = {0};
    if (!stats)
        stats = &scratch;
    size_t first = out->count;
    for (size_t c = 0; c < program->cmdbuf_count; c++) {
        if (program->cmdbufs[c].in_queue_stream)
            continue; /* checked in its queue's stream */
        size_t before = out->count;
        check_cmdbuf(program, (uint32_t)c, out, stats);
        size_t kept = before;
        for (size_t i = before; i < out->count; i++) {
            bool repeated = false;
            for (size_t j = first; j < before && !repeated; j++)
                repeated = repeats(&out->items[j], &out->items[i]);
            if (!repeated)
                out->items[kept++] = out->items[i];
        }
        out->count = kept;
    }
    vks_check_qfot(program, out, stats);
}
