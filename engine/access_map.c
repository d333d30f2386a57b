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
        push_interval(out, &n, r->offset, end);
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

void vks_res_record_write(vks_access_map *m, vks_res_state *rs,
                          vks_interval iv, vks_access_rec rec)
{
    split_at(m, rs, iv.start);
    split_at(m, rs, iv.end);
    size_t i = vks_res_first_overlap(rs, iv.start), j = i;
    while (j < rs->count && rs->segs[j].start < iv.end)
        j++;
    /* "Any available value remains available until a subsequent write to
       the same memory location occurs": the new write starts with nothing
       ordered, available or visible, and no reads since it. */
    rec.exec_after = 0;
    vks_segment seg = {.start = iv.start, .end = iv.end, .has_write = true,
                       .write = rec};
    if (j > i) {
        rs->segs[i] = seg;
        memmove(&rs->segs[i + 1], &rs->segs[j], (rs->count - j) * sizeof *rs->segs);
        rs->count -= j - i - 1;
    } else {
        insert_segment(m, rs, i, seg);
    }
}

static void add_read(vks_access_map *m, vks_segment *seg, vks_access_rec rec)
{
    /* A command reading what it writes itself (writes are recorded first):
       not a read since the write by another command. */
    if (seg->has_write && seg->write.cmd == rec.cmd)
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
    split_at(m, rs, iv.start);
    split_at(m, rs, iv.end);
    uint64_t pos = iv.start;
    size_t i = vks_res_first_overlap(rs, pos);
    while (pos < iv.end) {
        if (i < rs->count && rs->segs[i].start <= pos) {
            add_read(m, &rs->segs[i], rec);
            pos = rs->segs[i].end;
            i++;
            continue;
        }
        uint64_t gap_end = i < rs->count && rs->segs[i].start < iv.end
                               ? rs->segs[i].start
                               : iv.end;
        insert_segment(m, rs, i, (vks_segment){.start = pos, .end = gap_end});
        add_read(m, &rs->segs[i], rec);
        pos = gap_end;
        i++;
    }
}

/* ---- the map ---- */

void vks_map_init(vks_access_map *m, const vks_program *p)
{
    memset(m, 0, sizeof *m);
    m->program = p;
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
    return &m->res[res];
}

static const vks_scope **scratch(vks_access_map *m, size_t n)
{
    if (n > m->scratch_cap) {
        m->scratch_cap = n * 2;
        m->scratch = vks_arena_alloc(m->arena, m->scratch_cap * sizeof *m->scratch);
    }
    return m->scratch;
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
            vks_segment_apply(&rs->segs[i], list, group->count);
    }
    if (upto > rs->global_applied)
        rs->global_applied = upto;
}

void vks_map_catch_up(vks_access_map *m, vks_res_id res)
{
    apply_groups(m, &m->res[res], m->group_count);
}

void vks_map_begin_barriers(vks_access_map *m, uint32_t cmd)
{
    (void)cmd;
    m->pending_count = 0;
}

void vks_map_add_barrier(vks_access_map *m, vks_scope scope)
{
    VKS_PUSH(m->arena, m->pending, m->pending_count, m->pending_cap, scope);
}

static bool scope_is_global(const vks_access_map *m, const vks_scope *s)
{
    const vks_barrier *b = s->barrier;
    return !b || b->kind == VKS_BARRIER_GLOBAL || b->region.res == VKS_RES_UNKNOWN ||
           b->region.res >= m->program->resource_count;
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
        if (scope_is_global(m, &m->pending[k])) {
            VKS_PUSH(m->arena, m->log, m->log_count, m->log_cap, m->pending[k]);
            globals++;
        }
    size_t before = m->group_count;
    if (globals) {
        vks_scope_group group = {first, globals};
        VKS_PUSH(m->arena, m->groups, m->group_count, m->group_cap, group);
    }
    for (size_t k = 0; k < m->pending_count; k++) {
        const vks_scope *s = &m->pending[k];
        if (scope_is_global(m, s))
            continue;
        vks_res_id res = s->barrier->region.res;
        bool seen = false;
        for (size_t e = 0; e < k && !seen; e++)
            seen = !scope_is_global(m, &m->pending[e]) &&
                   m->pending[e].barrier->region.res == res;
        if (seen)
            continue;
        vks_res_state *rs = &m->res[res];
        apply_groups(m, rs, before);
        /* Split at the ends of every range of this command's barriers on
           this resource, so each segment is either inside or outside each. */
        for (size_t e = k; e < m->pending_count; e++) {
            const vks_scope *o = &m->pending[e];
            if (scope_is_global(m, o) || o->barrier->region.res != res)
                continue;
            vks_interval iv[VKS_MAX_INTERVALS];
            size_t n = vks_region_intervals(m->program, &o->barrier->region, iv);
            for (size_t i = 0; i < n; i++) {
                split_at(m, rs, iv[i].start);
                split_at(m, rs, iv[i].end);
            }
        }
        const vks_scope **list = scratch(m, m->pending_count);
        for (size_t i = 0; i < rs->count; i++) {
            size_t n = 0;
            for (size_t e = 0; e < m->pending_count; e++) {
                const vks_scope *o = &m->pending[e];
                if (scope_is_global(m, o) ||
                    (o->barrier->region.res == res &&
                     segment_in_scope(m, &rs->segs[i], o)))
                    list[n++] = o;
            }
            vks_segment_apply(&rs->segs[i], list, n);
        }
        rs->global_applied = m->group_count;
    }
}
