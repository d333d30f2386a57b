/*
 * hazard.c - the hazard engine: execution and memory dependencies over the
 * command IR (include/vksync/engine.h).
 *
 * The rules are those of spec/synchronization.txt, "Execution and Memory
 * Dependencies", "Pipeline Stages" and "Access Types".  The literal reading of
 * spec/execution-dependencies-formal.txt compares every pair of commands
 * ("Some sequences of n commands will still result in O(n^2) edges, so these
 * rules should not be implemented literally").  Like the validation layer's
 * synchronization validation (syncval), this engine instead walks each
 * command buffer once and keeps, per resource, an interval map over the
 * resource's address space (engine/access_map.c).  Each segment remembers the
 * last write and the reads since it, together with what the barriers recorded
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
 * resource that is never touched again costs nothing.
 *
 * Availability is a state, as in the spec ("Any available value remains
 * available until a subsequent write to the same memory location occurs"):
 * a barrier whose first synchronization scope happens-after the availability
 * operation makes every available write visible to its second access scope.
 * This is more permissive than syncval, which requires the visibility
 * operation to chain to the barrier that made the write available; e.g.
 * B1{COPY:TRANSFER_WRITE -> COPY:0} then B2{COPY:0 -> FRAGMENT:SHADER_READ}
 * is accepted here.
 *
 * Explanations (which barrier failed, and why) are computed only when a
 * hazard is reported, by replaying the commands between the two accesses for
 * that one resource, so the common path stays linear.
 */
#include "vksync/engine.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "engine_internal.h"
#include "vksync/vk_tables.h"

/* ---- barriers in the form the engine applies them ---- */

/* Meta stages and accesses meaning "everything": what an unknown mask is
   taken to be, so that an unknown never produces a finding (ir.h). */
static const uint64_t every_stage = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
static const uint64_t every_access =
    VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;

static uint64_t known_or(vks_mask m, uint64_t fallback, vks_stats *stats)
{
    if (m.known)
        return m.bits;
    if (stats)
        stats->unknown_questions++;
    return fallback;
}

vks_scope vks_scope_from_barrier(const vks_barrier *b, vks_stats *stats)
{
    bool assumed = !b->src_stages.known || !b->dst_stages.known ||
                   !b->src_access.known || !b->dst_access.known;
    uint64_t src = known_or(b->src_stages, every_stage, stats);
    uint64_t dst = known_or(b->dst_stages, every_stage, stats);
    vks_scope s = {
        .first = vks_first_scope_stages(src),
        .second = vks_second_scope_stages(dst),
        /* "Its first access scope only includes memory accesses performed
           by pipeline stages explicitly specified in the source stage mask"
           (Pipeline Stages); meta flags stand for the stages they name. */
        .src_explicit = vks_expand_stages(src),
        .dst_explicit = vks_expand_stages(dst),
        .src_access = vks_expand_access(known_or(b->src_access, every_access, stats)),
        .dst_access = vks_expand_access(known_or(b->dst_access, every_access, stats)),
        .barrier = b,
        .assumed = assumed,
    };
    return s;
}

vks_scope vks_scope_everything(void)
{
    vks_barrier all = vks_global_barrier(VKS_MASK(every_stage),
                                         VKS_MASK(every_access),
                                         VKS_MASK(every_stage),
                                         VKS_MASK(every_access), (vks_loc){0});
    vks_scope s = vks_scope_from_barrier(&all, NULL);
    s.barrier = NULL;
    s.assumed = true;
    return s;
}

/* ---- applying barriers to one segment ---- */

static bool in_first_sync_scope(const vks_access_rec *a, const vks_scope *s)
{
    /* Directly (its stage is in the first scope), or through an execution
       dependency chain: "a chain exists if the intersection of Scope2nd in
       the first dependency and Scope1st in the second dependency is not an
       empty set". */
    return (a->stage & s->first) || (a->exec_after & s->first);
}

static void add_visible(vks_segment *seg, uint64_t stages, uint64_t access)
{
    if (!stages || !access)
        return;
    for (unsigned i = 0; i < seg->vis_count; i++) {
        if (seg->vis_stages[i] == stages) {
            seg->vis_access[i] |= access;
            return;
        }
        if ((stages & ~seg->vis_stages[i]) == 0 &&
            (access & ~seg->vis_access[i]) == 0)
            return;
    }
    if (seg->vis_count < VKS_VIS_MAX) {
        seg->vis_stages[seg->vis_count] = stages;
        seg->vis_access[seg->vis_count++] = access;
        return;
    }
    /* Out of slots: merge into the last pair.  This over-approximates
       visibility, which can only hide a hazard, never invent one. */
    seg->vis_stages[VKS_VIS_MAX - 1] |= stages;
    seg->vis_access[VKS_VIS_MAX - 1] |= access;
}

bool vks_segment_visible(const vks_segment *seg, uint64_t stage,
                         uint64_t access)
{
    for (unsigned i = 0; i < seg->vis_count; i++)
        if ((seg->vis_stages[i] & stage) && (seg->vis_access[i] & access))
            return true;
    return false;
}

/*
 * Applies the barriers of one command to a segment.
 *
 * Execution: the barriers of one command are separate dependencies executed
 * at the same point, so none of them chains with another: every execution
 * effect is computed from the state before the command.
 *
 * Memory: within one command, every availability operation happens-before
 * every visibility operation.  For vkCmdPipelineBarrier this is the formal
 * model of spec/execution-dependencies-formal.txt ("(barrier, SRC) <
 * (FLUSH, ...) < (barrier, PRE_TRANS) < (barrier, POST_TRANS) <
 * (INVALIDATE, ...) < (barrier, DST)", its example flushes through an image
 * barrier and invalidates through a global one); sync1 barriers reach the
 * engine as separate sync2 barriers with the command's masks (ir.h), so the
 * rule is applied to every command.  For vkCmdPipelineBarrier2 it is the
 * permissive reading: an unknown never makes a finding.
 */
void vks_segment_apply(vks_segment *seg, const vks_scope *const *scopes,
                       size_t count)
{
    /* An event channel being reused forgets what it carried before. */
    uint64_t kill = 0;
    for (size_t i = 0; i < count; i++)
        kill |= scopes[i]->kill;
    if (kill) {
        seg->write.exec_after &= ~kill;
        seg->avail_after &= ~kill;
        for (uint32_t r = 0; r < seg->read_count; r++)
            seg->reads[r].exec_after &= ~kill;
    }
    if (seg->has_write) {
        const vks_access_rec before = seg->write;
        const uint64_t avail_before = seg->avail_after;
        uint64_t exec_add = 0, avail_add = 0;
        bool made_available = false;
        for (size_t i = 0; i < count; i++) {
            const vks_scope *s = scopes[i];
            bool in_first = in_first_sync_scope(&before, s);
            if (in_first)
                exec_add |= s->second;
            if (in_first && s->assumed)
                seg->write.assumed = true;
            /* Availability: the write is in the first synchronization scope
               and its (stage, access) in the first access scope. */
            if (in_first && (before.stage & s->src_explicit) &&
                (before.access & s->src_access)) {
                made_available = true;
                avail_add |= s->second;
            }
        }
        for (size_t i = 0; i < count; i++) {
            const vks_scope *s = scopes[i];
            /* Visibility: the barrier happens-after an availability
               operation covering the write ("Available memory writes,
               including those from ScopedMemOps1, are made visible to
               ScopedMemOps2"). */
            if (made_available || (avail_before & s->first)) {
                avail_add |= s->second;
                if (s->assumed)
                    seg->write.assumed = true;
                add_visible(seg, s->dst_explicit, s->dst_access);
            }
        }
        seg->write.exec_after |= exec_add;
        seg->avail_after |= avail_add;
    }
    for (uint32_t r = 0; r < seg->read_count; r++) {
        vks_access_rec *read = &seg->reads[r];
        const vks_access_rec before = *read;
        uint64_t add = 0;
        for (size_t i = 0; i < count; i++)
            if (in_first_sync_scope(&before, scopes[i])) {
                add |= scopes[i]->second;
                read->assumed |= scopes[i]->assumed;
            }
        read->exec_after |= add;
    }
}

/* ---- the walk over one command buffer ---- */

typedef struct {
    const vks_program *program;
    const vks_cmdbuf *cb;
    vks_findings *out;
    vks_stats *stats;
    vks_access_map map;
    /* Per command: its barriers as scopes (computed once, reused by the
       explanations), NULL for commands without barriers. */
    vks_scope **scopes;
} walker;

/* At most this many SYNC notes per finding (GitHub shows 10 locations per
   result); the rest are counted in one last note. */
enum { MAX_SYNC_NOTES = 8 };

/* A conflict found for one access: the most recent earlier access that is
   not ordered before it. */
typedef struct {
    vks_rule rule;
    vks_access_rec earlier;
    bool earlier_is_write;
} conflict;

static void consider(conflict *best, vks_rule rule, const vks_access_rec *earlier,
                     bool is_write)
{
    if (best->rule != VKS_RULE_COUNT && best->earlier.cmd >= earlier->cmd)
        return;
    best->rule = rule;
    best->earlier = *earlier;
    best->earlier_is_write = is_write;
}

/* An ordered pair is proved only when nothing assumed ordered it. */
static void count_ordered(walker *w, const vks_access_rec *earlier)
{
    if (earlier->assumed)
        w->stats->unknown_questions++;
    else
        w->stats->pairs_proved_ordered++;
}

/* The access must be ordered after the last write by an execution
   dependency and the write made visible to it (a memory dependency). */
static void check_against_write(walker *w, const vks_segment *seg, uint32_t cmd,
                                const vks_access *acc, vks_rule rule,
                                conflict *best)
{
    if (!seg->has_write || seg->write.cmd == cmd)
        return;
    if ((seg->write.exec_after & acc->stage) &&
        vks_segment_visible(seg, acc->stage, acc->access))
        count_ordered(w, &seg->write);
    else
        consider(best, rule, &seg->write, true);
}

/* Checks one access of command `cmd` against one segment (the rules of
   "Execution and Memory Dependencies": write-after-read needs an execution
   dependency, read-after-write and write-after-write a memory dependency). */
static void check_segment(walker *w, const vks_segment *seg, uint32_t cmd,
                          const vks_access *acc, conflict *best)
{
    bool is_write = vks_access_is_write(acc->access);
    if (!is_write) {
        check_against_write(w, seg, cmd, acc, VKS_RULE_HAZARD_RAW, best);
        return;
    }
    /* One finding per access, against the most recent conflicting access: a
       write is checked against the reads since the last write if there are
       any, else against the last write (syncval's rule, CONVENTIONS.md).
       The reads were themselves checked against that write. */
    if (seg->read_count) {
        for (uint32_t r = 0; r < seg->read_count; r++) {
            if (seg->reads[r].exec_after & acc->stage)
                count_ordered(w, &seg->reads[r]);
            else
                consider(best, VKS_RULE_HAZARD_WAR, &seg->reads[r], false);
        }
        return;
    }
    check_against_write(w, seg, cmd, acc, VKS_RULE_HAZARD_WAW, best);
}

static bool access_checkable(walker *w, const vks_access *acc)
{
    if (!acc->known || acc->region.res == VKS_RES_UNKNOWN ||
        acc->region.res >= w->program->resource_count ||
        !acc->region.range_known || !acc->stage || !acc->access) {
        w->stats->unknown_questions++;
        return false;
    }
    return true;
}

static conflict check_access(walker *w, uint32_t cmd, const vks_access *acc)
{
    conflict best = {.rule = VKS_RULE_COUNT};
    vks_interval iv[VKS_MAX_INTERVALS];
    size_t n = vks_region_intervals(w->program, &acc->region, iv);
    vks_res_state *rs = vks_map_resource(&w->map, acc->region.res);
    for (size_t k = 0; k < n; k++) {
        size_t i = vks_res_first_overlap(rs, iv[k].start);
        for (; i < rs->count && rs->segs[i].start < iv[k].end; i++)
            check_segment(w, &rs->segs[i], cmd, acc, &best);
    }
    return best;
}

static void update_access(walker *w, uint32_t cmd, const vks_access *acc)
{
    vks_access_rec rec = {.cmd = cmd, .stage = acc->stage,
                          .access = acc->access};
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

static void report(walker *w, uint32_t later_cmd, const vks_access *acc,
                   const conflict *c);

static void walk_action(walker *w, uint32_t index)
{
    const vks_cmd *cmd = &w->cb->cmds[index];
    bool checkable[cmd->access_count ? cmd->access_count : 1];
    /* Every access of the command is checked against the state before the
       command: its own accesses (a copy's source and destination) are not a
       hazard between commands. */
    for (size_t a = 0; a < cmd->access_count; a++) {
        const vks_access *acc = &cmd->accesses[a];
        checkable[a] = access_checkable(w, acc);
        if (!checkable[a])
            continue;
        vks_map_catch_up(&w->map, acc->region.res);
        conflict c = check_access(w, index, acc);
        if (c.rule != VKS_RULE_COUNT)
            report(w, index, acc, &c);
    }
    /* Writes first: a read by the same command of what it writes itself is
       not recorded as a read since the write (vks_res_record_read). */
    for (int pass = 0; pass < 2; pass++)
        for (size_t a = 0; a < cmd->access_count; a++)
            if (checkable[a] &&
                vks_access_is_write(cmd->accesses[a].access) == (pass == 0))
                update_access(w, index, &cmd->accesses[a]);
}

static void walk_barriers(walker *w, uint32_t index)
{
    const vks_cmd *cmd = &w->cb->cmds[index];
    vks_scope *scopes = vks_arena_alloc(w->map.arena, (cmd->barrier_count + 1) *
                                                          sizeof *scopes);
    w->scopes[index] = scopes;
    vks_map_begin_barriers(&w->map, index);
    for (size_t b = 0; b < cmd->barrier_count; b++) {
        scopes[b] = vks_scope_from_barrier(&cmd->barriers[b], w->stats);
        vks_map_add_barrier(&w->map, scopes[b]);
    }
    vks_map_end_barriers(&w->map);
}

/* A command the engine does not model may synchronize anything: taking it
   as a full barrier is the direction that cannot produce a finding. */
static void walk_unmodelled(walker *w, uint32_t index)
{
    w->stats->unknown_questions++;
    vks_map_begin_barriers(&w->map, index);
    vks_map_add_barrier(&w->map, vks_scope_everything());
    vks_map_end_barriers(&w->map);
}

static void check_cmdbuf(const vks_program *program, const vks_cmdbuf *cb,
                         vks_findings *out, vks_stats *stats)
{
    walker w = {.program = program, .cb = cb, .out = out, .stats = stats};
    vks_map_init(&w.map, program);
    w.scopes = vks_arena_alloc(w.map.arena,
                               (cb->cmd_count + 1) * sizeof *w.scopes);
    for (uint32_t i = 0; i < cb->cmd_count; i++) {
        const vks_cmd *cmd = &cb->cmds[i];
        switch (cmd->kind) {
        case VKS_CMD_ACTION:
            walk_action(&w, i);
            break;
        case VKS_CMD_BARRIER:
        case VKS_CMD_WAIT_EVENTS:
            walk_barriers(&w, i);
            break;
        case VKS_CMD_SET_EVENT:
        case VKS_CMD_RESET_EVENT:
            break;
        case VKS_CMD_BEGIN_RENDER_PASS:
        case VKS_CMD_NEXT_SUBPASS:
        case VKS_CMD_END_RENDER_PASS:
        case VKS_CMD_EXECUTE_COMMANDS:
        case VKS_CMD_UNKNOWN:
            walk_unmodelled(&w, i);
            break;
        }
    }
    vks_map_free(&w.map);
}

static bool same_loc_chain(const vks_loc *a, const vks_loc *b)
{
    for (; a && b; a = a->caller, b = b->caller)
        if (a->line != b->line || a->col != b->col ||
            strcmp(a->file ? a->file : "", b->file ? b->file : "") != 0)
            return false;
    return !a && !b;
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
    return a->rule == b->rule && same_loc_chain(&a->loc, &b->loc) &&
           strcmp(a->message, b->message) == 0 && (!ea) == (!eb) &&
           (!ea || same_loc_chain(&ea->loc, &eb->loc));
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
        check_cmdbuf(program, &program->cmdbufs[c], out, stats);
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
}

/* ---- explanations (only when a hazard is reported) ---- */

static const char *res_name(const walker *w, vks_res_id res)
{
    return w->program->resources[res].name;
}

static bool scope_touches(const walker *w, const vks_barrier *b,
                          const vks_access *later)
{
    if (b->kind == VKS_BARRIER_GLOBAL || b->region.res == VKS_RES_UNKNOWN)
        return true;
    if (b->region.res != later->region.res)
        return false;
    if (!b->region.range_known)
        return true;
    vks_interval bi[VKS_MAX_INTERVALS], ai[VKS_MAX_INTERVALS];
    size_t bn = vks_region_intervals(w->program, &b->region, bi);
    size_t an = vks_region_intervals(w->program, &later->region, ai);
    for (size_t i = 0; i < bn; i++)
        for (size_t j = 0; j < an; j++)
            if (bi[i].start < ai[j].end && ai[j].start < bi[i].end)
                return true;
    return false;
}

/* Appends "; " + text to a reason list. */
static void add_reason(char *buf, size_t size, const char *text)
{
    size_t used = strlen(buf);
    snprintf(buf + used, size - used, "%s%s", used ? "; " : "", text);
}

/*
 * Why one barrier failed to order `earlier` (whose state before the barrier
 * command is `seg`) before the later access.  Each reason names the mask and
 * the missing bit, in the words of "Pipeline Stages" and "Execution and
 * Memory Dependencies".
 */
static void explain_scope(const vks_scope *s, const vks_segment *seg,
                          const conflict *c, const vks_access *later,
                          char *out, size_t size)
{
    const vks_barrier *b = s->barrier;
    const vks_access_rec *e = &c->earlier;
    char mask[512], text[1024];
    const char *what = c->earlier_is_write ? "write" : "read";
    const char *later_what = vks_access_is_write(later->access) ? "write" : "read";
    bool memory = c->earlier_is_write;
    out[0] = '\0';

    bool in_first = in_first_sync_scope(e, s);
    if (!in_first) {
        vks_stage_mask_str(b->src_stages.bits, mask, sizeof mask);
        snprintf(text, sizeof text,
                 "srcStageMask (%s) does not include %s, the stage of the %s%s",
                 mask, vks_stage_name(e->stage), what,
                 e->exec_after ? ", and no earlier barrier chains to it" : "");
        add_reason(out, size, text);
    } else if (memory && !(seg->avail_after & s->first)) {
        if (!(e->stage & s->src_explicit)) {
            vks_stage_mask_str(b->src_stages.bits, mask, sizeof mask);
            snprintf(text, sizeof text,
                     "srcStageMask (%s) does not name %s explicitly: the write "
                     "is outside the first access scope and is not made "
                     "available (memory dependency missing)",
                     mask, vks_stage_name(e->stage));
            add_reason(out, size, text);
        } else if (!(e->access & s->src_access)) {
            vks_access_mask_str(b->src_access.bits, mask, sizeof mask);
            snprintf(text, sizeof text,
                     "this barrier's srcAccessMask (%s) lacks %s: the write is "
                     "not made available (memory dependency missing)",
                     mask, vks_access_name(e->access));
            add_reason(out, size, text);
        }
    }
    if (!(later->stage & s->second)) {
        vks_stage_mask_str(b->dst_stages.bits, mask, sizeof mask);
        snprintf(text, sizeof text,
                 "dstStageMask (%s) does not include %s, the stage of the %s",
                 mask, vks_stage_name(later->stage), later_what);
        add_reason(out, size, text);
    } else if (memory && !(later->stage & s->dst_explicit)) {
        vks_stage_mask_str(b->dst_stages.bits, mask, sizeof mask);
        snprintf(text, sizeof text,
                 "dstStageMask (%s) does not name %s explicitly: the %s is "
                 "outside the second access scope and the write is not made "
                 "visible to it", mask, vks_stage_name(later->stage), later_what);
        add_reason(out, size, text);
    } else if (memory && !(later->access & s->dst_access)) {
        vks_access_mask_str(b->dst_access.bits, mask, sizeof mask);
        snprintf(text, sizeof text,
                 "dstAccessMask (%s) lacks %s: the write is not made visible "
                 "to the %s", mask, vks_access_name(later->access), later_what);
        add_reason(out, size, text);
    }
    if (!out[0])
        snprintf(out, size, "this barrier does not complete the dependency "
                            "chain from the %s to the %s", what, later_what);
}

static vks_loc barrier_loc(const vks_barrier *b, const vks_cmd *cmd)
{
    return b->loc.file ? b->loc : cmd->loc;
}

/*
 * Replays the commands strictly between the two accesses for the earlier
 * access alone, and adds one SYNC note per barrier that covers the resource,
 * saying why it did not order the pair.  Returns the number of such barriers;
 * *any_barrier tells whether there was any synchronization command at all.
 */
static size_t explain_between(walker *w, vks_finding *f, const conflict *c,
                              uint32_t later_cmd, const vks_access *later,
                              bool *any_barrier)
{
    vks_segment seg = {0};
    vks_access_rec earlier = c->earlier;
    earlier.exec_after = 0;
    if (c->earlier_is_write) {
        seg.has_write = true;
        seg.write = earlier;
    } else {
        seg.reads = &earlier;
        seg.read_count = 1;
    }
    size_t notes = 0;
    *any_barrier = false;
    for (uint32_t i = c->earlier.cmd + 1; i < later_cmd; i++) {
        const vks_cmd *cmd = &w->cb->cmds[i];
        if (!w->scopes[i])
            continue;
        *any_barrier = true;
        const vks_scope *touching[cmd->barrier_count ? cmd->barrier_count : 1];
        size_t n = 0;
        for (size_t b = 0; b < cmd->barrier_count; b++)
            if (scope_touches(w, &cmd->barriers[b], later))
                touching[n++] = &w->scopes[i][b];
        /* Each touching barrier is judged on the state before its command;
           then the command is applied. */
        conflict at = *c;
        at.earlier = c->earlier_is_write ? seg.write : seg.reads[0];
        for (size_t k = 0; k < n; k++, notes++) {
            if (notes >= MAX_SYNC_NOTES)
                continue;
            char why[2048];
            explain_scope(touching[k], &seg, &at, later, why, sizeof why);
            vks_finding_note(w->out, f, VKS_NOTE_SYNC,
                             barrier_loc(touching[k]->barrier, cmd),
                             vks_arena_printf(w->out->arena, "%s: %s",
                                              cmd->name, why));
        }
        vks_segment_apply(&seg, touching, n);
    }
    if (notes > MAX_SYNC_NOTES)
        vks_finding_note(w->out, f, VKS_NOTE_INFO, w->cb->cmds[later_cmd].loc,
                         vks_arena_printf(w->out->arena,
                                          "%zu more barriers between them do "
                                          "not order the accesses either",
                                          notes - MAX_SYNC_NOTES));
    return notes;
}

static void report(walker *w, uint32_t later_cmd, const vks_access *acc,
                   const conflict *c)
{
    const vks_cmd *later = &w->cb->cmds[later_cmd];
    const vks_cmd *earlier = &w->cb->cmds[c->earlier.cmd];
    const char *name = res_name(w, acc->region.res);
    const char *hazard = vks_rule_get(c->rule)->syncval_hazard;
    const char *verb = vks_access_is_write(acc->access) ? "writes" : "reads";
    const char *earlier_verb = c->earlier_is_write ? "writes" : "reads";
    char *message;

    if (c->rule == VKS_RULE_HAZARD_WAR)
        message = vks_arena_printf(
            w->out->arena,
            "%s writes '%s' (%s:%s) before the read by %s (%s:%s) is ordered "
            "before it by an execution dependency",
            later->name, name, vks_stage_name(acc->stage),
            vks_access_name(acc->access), earlier->name,
            vks_stage_name(c->earlier.stage), vks_access_name(c->earlier.access));
    else
        message = vks_arena_printf(
            w->out->arena,
            "%s %s '%s' (%s:%s) before the write by %s (%s:%s) is made "
            "visible to it",
            later->name, verb, name, vks_stage_name(acc->stage),
            vks_access_name(acc->access), earlier->name,
            vks_stage_name(c->earlier.stage), vks_access_name(c->earlier.access));

    vks_finding *f = vks_finding_add(w->out, c->rule, hazard, later->loc, "");
    /* The path's branch decisions in execution order around the earlier
       access; decisions taken after the later access do not matter. */
    size_t p = 0;
    for (; p < w->cb->path_step_count && w->cb->path_step_cmd[p] <= c->earlier.cmd; p++)
        vks_finding_note(w->out, f, VKS_NOTE_PATH, w->cb->path_steps[p],
                         w->cb->path_step_text[p]);
    vks_finding_note(w->out, f, VKS_NOTE_EARLIER_ACCESS, earlier->loc,
                     vks_arena_printf(w->out->arena, "%s %s '%s' here (%s:%s)",
                                      earlier->name, earlier_verb, name,
                                      vks_stage_name(c->earlier.stage),
                                      vks_access_name(c->earlier.access)));
    for (; p < w->cb->path_step_count && w->cb->path_step_cmd[p] <= later_cmd; p++)
        vks_finding_note(w->out, f, VKS_NOTE_PATH, w->cb->path_steps[p],
                         w->cb->path_step_text[p]);
    bool any_barrier;
    size_t sync_notes = explain_between(w, f, c, later_cmd, acc, &any_barrier);
    if (!any_barrier)
        message = vks_arena_printf(w->out->arena, "%s, with no barrier between them",
                                   message);
    else if (!sync_notes)
        message = vks_arena_printf(w->out->arena,
                                   "%s, and no barrier between them covers '%s'",
                                   message, name);
    f->message = message;
}
