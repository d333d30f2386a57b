/*
 * access_map.c - per-resource interval maps of access state, and the lazy
 * application of global barriers (see the header comment of hazard.c).
 *
 * Each resource has a sorted array of disjoint segments over its linear
 * address space (bytes for buffers, subresources for images).  A write
 * replaces every segment in its range by one; a read adds itself to each;
 * a barrier splits segments at its range's ends and updates those inside.
 *
 * Global barriers (VkMemoryBarrier2, and barriers whose resource is unknown)
 * are appended to a log, one group per command.  A resource applies the
 * groups it has not seen yet when it is next touched, so a global barrier
 * costs nothing for resources that are never used again.
 */
#include <string.h>

#include "engine_internal.h"

/* ---- address spaces ---- */

enum { IMAGE_ASPECT_SLOTS = 8, IMAGE_MAX_MIPS = 32, IMAGE_UNKNOWN_LAYERS = 1 << 16 };

static void push_interval(vks_interval *out, size_t *n, uint64_t start,
                          uint64_t end)
{
    if (start >= end)
        return;
    if (*n && out[*n - 1].end == start) {
        out[*n - 1].end = end;
        return;
    }
    if (*n < VKS_MAX_INTERVALS)
        out[(*n)++] = (vks_interval){start, end};
}

size_t vks_region_intervals(const vks_program *p, const vks_region *r,
                            vks_interval out[VKS_MAX_INTERVALS])
{
    size_t n = 0;
    const vks_resource *res = &p->resources[r->res];
    if (!r->range_known) {
        out[0] = (vks_interval){0, UINT64_MAX};
        return 1;
    }
    if (res->kind == VKS_RES_BUFFER) {
        uint64_t end = r->size == VKS_WHOLE || r->offset + r->size < r->offset
                           ? UINT64_MAX
                           : r->offset + r->size;
        /* VK_WHOLE_SIZE is "the range from offset to the end of the buffer"
           (vkCmdFillBuffer, VkBufferMemoryBarrier, VkDescriptorBufferInfo):
           where the buffer's size is known, bytes past it are not part of
           the range, and nothing can conflict there. */
        if (res->size != VKS_WHOLE && end > res->size)
            end = res->size;
        /* An alias's bytes in its memory root's space (ir.c link_memory). */
        uint64_t shift = res->aliased ? res->memory_shift : 0;
        uint64_t start = r->offset + shift < r->offset ? UINT64_MAX : r->offset + shift;
        end = end + shift < end ? UINT64_MAX : end + shift;
        push_interval(out, &n, start, end);
        return n;
    }
    /* Images: unknown shape gets the largest one, so that explicit ranges
       still land on distinct units. */
    uint64_t mips = res->mip_levels ? res->mip_levels : IMAGE_MAX_MIPS;
    if (mips > IMAGE_MAX_MIPS)
        mips = IMAGE_MAX_MIPS;
    uint64_t layers = res->array_layers ? res->array_layers : IMAGE_UNKNOWN_LAYERS;
    uint32_t aspects = r->aspect_mask ? r->aspect_mask : ~0u;
    uint64_t mip_end = r->mip_count == VKS_REMAINING ? mips
                                                     : (uint64_t)r->base_mip + r->mip_count;
    uint64_t layer_end = r->layer_count == VKS_REMAINING
                             ? layers
                             : (uint64_t)r->base_layer + r->layer_count;
    if (mip_end > mips)
        mip_end = mips;
    if (layer_end > layers)
        layer_end = layers;
    for (uint64_t a = 0; a < IMAGE_ASPECT_SLOTS; a++) {
        if (!(aspects & (1u << a)))
            continue;
        for (uint64_t mip = r->base_mip; mip < mip_end; mip++) {
            uint64_t base = (a * mips + mip) * layers;
            push_interval(out, &n, base + r->base_layer, base + layer_end);
        }
    }
    return n;
}

bool vks_regions_overlap(const vks_program *p, const vks_region *a,
                         const vks_region *b)
{
    if (vks_memory_key(p, a->res) != vks_memory_key(p, b->res))
        return false;
    vks_interval ai[VKS_MAX_INTERVALS], bi[VKS_MAX_INTERVALS];
    size_t an = vks_region_intervals(p, a, ai);
    size_t bn = vks_region_intervals(p, b, bi);
    for (size_t i = 0; i < an; i++)
        for (size_t j = 0; j < bn; j++)
            if (ai[i].start < bi[j].end && bi[j].start < ai[i].end)
                return true;
    return false;
}

/* ---- segments ---- */

size_t vks_res_first_overlap(const vks_res_state *rs, uint64_t pos)
{
    size_t lo = 0, hi = rs->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (rs->segs[mid].end <= pos)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void insert_segment(vks_access_map *m, vks_res_state *rs, size_t at,
                           vks_segment seg)
{
    if (rs->count == rs->cap)
        rs->segs = vks_arena_grow(m->arena, rs->segs, sizeof *rs->segs, &rs->cap);
    memmove(&rs->segs[at + 1], &rs->segs[at],
            (rs->count - at) * sizeof *rs->segs);
    rs->segs[at] = seg;
    rs->count++;
}

static void copy_reads(vks_access_map *m, vks_segment *seg)
{
    if (!seg->read_count) {
        seg->reads = NULL;
        seg->read_cap = 0;
        return;
    }
    vks_access_rec *copy = vks_arena_alloc(m->arena, seg->read_count * sizeof *copy);
    memcpy(copy, seg->reads, seg->read_count * sizeof *copy);
    seg->reads = copy;
    seg->read_cap = seg->read_count;
}

/* Makes pos a segment boundary (if a segment spans it). */
static void split_at(vks_access_map *m, vks_res_state *rs, uint64_t pos)
{
    size_t i = vks_res_first_overlap(rs, pos);
    if (i >= rs->count || rs->segs[i].start >= pos)
        return;
    vks_segment right = rs->segs[i];
    right.start = pos;
    copy_reads(m, &right);
    rs->segs[i].end = pos;
    insert_segment(m, rs, i + 1, right);
}

static vks_segment empty_segment(uint64_t start, uint64_t end)
{
    return (vks_segment){.start = start, .end = end,
                         .layout = VKS_LAYOUT_UNKNOWN,
                         .layout_cmd = UINT32_MAX};
}

/* Makes [iv.start, iv.end) covered by segments (gaps get empty ones);
   returns the index of the first. */
static size_t cover(vks_access_map *m, vks_res_state *rs, vks_interval iv)
{
    split_at(m, rs, iv.start);
    split_at(m, rs, iv.end);
    size_t first = vks_res_first_overlap(rs, iv.start), i = first;
    uint64_t pos = iv.start;
    while (pos < iv.end) {
        if (i < rs->count && rs->segs[i].start <= pos) {
            pos = rs->segs[i].end;
            i++;
            continue;
        }
        uint64_t gap_end = i < rs->count && rs->segs[i].start < iv.end
                               ? rs->segs[i].start
                               : iv.end;
        insert_segment(m, rs, i, empty_segment(pos, gap_end));
        pos = gap_end;
        i++;
    }
    return first;
}

void vks_res_record_write(vks_access_map *m, vks_res_state *rs,
                          vks_interval iv, vks_access_rec rec)
{
    size_t i = cover(m, rs, iv), j = i;
    /* "Any available value remains available until a subsequent write to
       the same memory location occurs": the new write starts with nothing
       ordered, available or visible, and no reads since it.  Only the
       layout stays (a write does not change it). */
    rec.exec_after = 0;
    for (; j < rs->count && rs->segs[j].start < iv.end; j++) {
        vks_segment *seg = &rs->segs[j];
        vks_segment fresh = empty_segment(seg->start, seg->end);
        fresh.has_write = true;
        fresh.write = rec;
        fresh.layout = seg->layout;
        fresh.layout_cmd = seg->layout_cmd;
        fresh.has_content = true;
        fresh.content_cmd = rec.cmd;
        *seg = fresh;
    }
    /* Neighbours inside the range now differ at most in layout: merge runs
       with the same one, so repeated writes do not fragment the map. */
    size_t out = i;
    for (size_t k = i + 1; k < j; k++) {
        vks_segment *last = &rs->segs[out];
        if (last->end == rs->segs[k].start && last->layout == rs->segs[k].layout &&
            last->layout_cmd == rs->segs[k].layout_cmd) {
            last->end = rs->segs[k].end;
            continue;
        }
        rs->segs[++out] = rs->segs[k];
    }
    if (j > i && out + 1 < j) {
        memmove(&rs->segs[out + 1], &rs->segs[j], (rs->count - j) * sizeof *rs->segs);
        rs->count -= j - (out + 1);
    }
}

static void add_read(vks_access_map *m, vks_segment *seg, vks_access_rec rec)
{
    /* A command reading what it writes itself (writes are recorded first):
       not a read since the write by another command. */
    if (seg->has_write && seg->write.cmd == rec.cmd &&
        seg->write.kind == rec.kind)
        return;
    rec.exec_after = 0;
    for (uint32_t r = 0; r < seg->read_count; r++)
        if (seg->reads[r].stage == rec.stage) {
            seg->reads[r] = rec;
            return;
        }
    size_t cap = seg->read_cap, count = seg->read_count;
    VKS_PUSH(m->arena, seg->reads, count, cap, rec);
    seg->read_count = (uint32_t)count;
    seg->read_cap = (uint32_t)cap;
}

void vks_res_record_read(vks_access_map *m, vks_res_state *rs,
                         vks_interval iv, vks_access_rec rec)
{
    for (size_t i = cover(m, rs, iv); i < rs->count && rs->segs[i].start < iv.end; i++)
        add_read(m, &rs->segs[i], rec);
}

/* ---- the map ---- */

void vks_map_init(vks_access_map *m, const vks_program *p,
                  vks_segment_hook *hook, void *hook_ctx)
{
    memset(m, 0, sizeof *m);
    m->program = p;
    m->hook = hook;
    m->hook_ctx = hook_ctx;
    m->arena = vks_arena_new();
    m->res = vks_arena_alloc(m->arena,
                             (p->resource_count ? p->resource_count : 1) * sizeof *m->res);
}

void vks_map_free(vks_access_map *m)
{
    vks_arena_free(m->arena);
    m->arena = NULL;
}

vks_res_state *vks_map_resource(vks_access_map *m, vks_res_id res)
{
    return &m->res[vks_memory_key(m->program, res)];
}

static const vks_scope **scratch(vks_access_map *m, size_t n)
{
    if (n > m->scratch_cap) {
        m->scratch_cap = n * 2;
        m->scratch = vks_arena_alloc(m->arena, m->scratch_cap * sizeof *m->scratch);
    }
    return m->scratch;
}

/* Whether a barrier whose first scopes are `first` can change the segment:
   only through an access in them, or ordered or made available before them
   (hazard.c, vks_segment_apply). */
static bool segment_reaches(const vks_segment *seg, uint64_t first)
{
    uint64_t live = seg->avail_after;
    if (seg->has_write)
        live |= seg->write.stage | seg->write.exec_after;
    for (uint32_t r = 0; r < seg->read_count; r++)
        live |= seg->reads[r].stage | seg->reads[r].exec_after;
    return (live & first) != 0;
}

static void apply_groups(vks_access_map *m, vks_res_state *rs, size_t upto)
{
    /* A resource with no state yet has nothing for the barriers to order. */
    size_t from = rs->count ? rs->global_applied : upto;
    for (size_t g = from; g < upto; g++) {
        const vks_scope_group *group = &m->groups[g];
        const vks_scope **list = scratch(m, group->count);
        for (size_t k = 0; k < group->count; k++)
            list[k] = &m->log[group->first + k];
        for (size_t i = 0; i < rs->count; i++)
            if (group->kill || segment_reaches(&rs->segs[i], group->first_scopes))
                vks_segment_apply(&rs->segs[i], list, group->count);
    }
    if (upto > rs->global_applied)
        rs->global_applied = upto;
}

void vks_map_catch_up(vks_access_map *m, vks_res_id res)
{
    apply_groups(m, vks_map_resource(m, res), m->group_count);
}

/* The address space a buffer or image barrier's scope is applied in. */
static vks_res_id scope_key(const vks_access_map *m, const vks_scope *s)
{
    return vks_memory_key(m->program, s->barrier->region.res);
}

void vks_map_begin_barriers(vks_access_map *m)
{
    m->pending_count = 0;
}

void vks_map_add_barrier(vks_access_map *m, const vks_scope *scope)
{
    VKS_PUSH(m->arena, m->pending, m->pending_count, m->pending_cap, scope);
}

static bool segment_in_scope(const vks_access_map *m, const vks_segment *seg,
                             const vks_scope *s)
{
    vks_interval iv[VKS_MAX_INTERVALS];
    size_t n = vks_region_intervals(m->program, &s->barrier->region, iv);
    for (size_t k = 0; k < n; k++)
        if (iv[k].start < seg->end && seg->start < iv[k].end)
            return true;
    return false;
}

/* Applies this command's scopes to one resource named by some of them. */
static void apply_to_resource(vks_access_map *m, vks_res_id res)
{
    vks_res_state *rs = &m->res[res];
    /* Split at the ends of every range of this command's barriers on this
       resource, so each segment is either inside or outside each; a layout
       transition also covers subresources with no state yet (it writes
       them). */
    for (size_t e = 0; e < m->pending_count; e++) {
        const vks_scope *o = m->pending[e];
        if (o->global || scope_key(m, o) != res)
            continue;
        vks_interval iv[VKS_MAX_INTERVALS];
        size_t n = vks_region_intervals(m->program, &o->barrier->region, iv);
        for (size_t i = 0; i < n; i++) {
            if (o->transition) {
                cover(m, rs, iv[i]);
            } else {
                split_at(m, rs, iv[i].start);
                split_at(m, rs, iv[i].end);
            }
        }
    }
    const vks_scope **list = scratch(m, m->pending_count);
    for (size_t i = 0; i < rs->count; i++) {
        size_t n = 0;
        for (size_t e = 0; e < m->pending_count; e++) {
            const vks_scope *o = m->pending[e];
            if (o->global ||
                (scope_key(m, o) == res && segment_in_scope(m, &rs->segs[i], o)))
                list[n++] = o;
        }
        m->hook(m->hook_ctx, res, &rs->segs[i], list, n);
    }
    rs->global_applied = m->group_count;
}

/*
 * Applies the barriers of one command.  The global ones become a log group;
 * each resource named by a buffer or image barrier first catches up with the
 * log before this command, then gets this command's global and own barriers
 * at once (they are separate dependencies at one point, see
 * vks_segment_apply).
 */
void vks_map_end_barriers(vks_access_map *m)
{
    size_t globals = 0;
    size_t first = m->log_count;
    for (size_t k = 0; k < m->pending_count; k++)
        if (m->pending[k]->global) {
            VKS_PUSH(m->arena, m->log, m->log_count, m->log_cap, *m->pending[k]);
            globals++;
        }
    size_t before = m->group_count;
    if (globals) {
        vks_scope_group group = {first, globals, 0, 0};
        for (size_t k = first; k < m->log_count; k++) {
            group.first_scopes |= m->log[k].first;
            group.kill |= m->log[k].kill;
        }
        VKS_PUSH(m->arena, m->groups, m->group_count, m->group_cap, group);
    }
    for (size_t k = 0; k < m->pending_count; k++) {
        const vks_scope *s = m->pending[k];
        if (s->global)
            continue;
        vks_res_id res = scope_key(m, s);
        bool seen = false;
        for (size_t e = 0; e < k && !seen; e++)
            seen = !m->pending[e]->global && scope_key(m, m->pending[e]) == res;
        if (seen)
            continue;
        apply_groups(m, &m->res[res], before);
        apply_to_resource(m, res);
    }
}
