/*
 * ir.c - the IR builder (include/vksync/ir.h) and its printed form.
 *
 * The front ends and the unit tests build programs only through these
 * functions, so the engine can be tested without libclang (docs/design.md,
 * "Data flow" and "Tests").
 */
#include "vksync/ir.h"

#include <inttypes.h>
#include <stdint.h>
#include <string.h>

#include "vksync/vk_tables.h"

bool vks_loc_equal(const vks_loc *a, const vks_loc *b)
{
    return a->line == b->line && a->col == b->col &&
           strcmp(a->file ? a->file : "", b->file ? b->file : "") == 0;
}

bool vks_loc_chain_equal(const vks_loc *a, const vks_loc *b)
{
    for (; a && b; a = a->caller, b = b->caller)
        if (!vks_loc_equal(a, b))
            return false;
    return !a && !b;
}

vks_program *vks_program_new(vks_arena *arena)
{
    vks_program *p = vks_arena_alloc(arena, sizeof *p);
    p->arena = arena;
    return p;
}

static vks_res_id add_resource(vks_program *p, vks_resource r)
{
    VKS_PUSH(p->arena, p->resources, p->resource_count, p->resource_cap, r);
    return (vks_res_id)(p->resource_count - 1);
}

vks_res_id vks_add_buffer(vks_program *p, const char *name, uint64_t size,
                          vks_loc decl)
{
    vks_resource r = {.kind = VKS_RES_BUFFER,
                      .name = vks_arena_strdup(p->arena, name),
                      .decl = decl,
                      .size = size,
                      .initial_layout = VKS_LAYOUT_UNKNOWN};
    return add_resource(p, r);
}

/*
 * Memory aliasing: "Accesses to the same bytes through different buffers
 * require memory barriers" ("Vulkan memory dependencies", the explainer
 * beside the specification's chapters) - two buffers bound to overlapping ranges of one
 * memory object are one memory location where they overlap, and the
 * validation layer tracks hazards by memory, not by handle.  Each buffer
 * bound to a memory object at a known offset gets that object's address
 * space: the buffer bound lowest is its root, and every other's bytes are
 * its own shifted by the difference of the offsets.  A buffer bound to two
 * memory objects, or at two offsets (along two paths), is left alone (its
 * own space, as before: never a finding from a guessed binding), and so
 * is a buffer whose size is unknown: where its VK_WHOLE_SIZE ranges end in
 * the memory is not known.
 *
 * The merged space is the layer's reading of buffer barriers too: a buffer
 * memory barrier on one alias changes the state of the bytes it covers, so
 * it also orders accesses made through the other buffer, where "Buffer
 * memory barriers only apply to memory accesses involving a specific
 * buffer range" (Synchronization and Cache Control, Buffer Memory
 * Barriers).  A barrier on the wrong alias is therefore not reported
 * (a miss, never a false finding).
 */
static bool joins_memory(const vks_resource *r, const char *memory)
{
    return r->memory && !r->memory_conflict && r->size != VKS_WHOLE &&
           strcmp(r->memory, memory) == 0;
}

static void link_memory(vks_program *p, const char *memory)
{
    vks_res_id root = VKS_RES_UNKNOWN;
    for (size_t i = 0; i < p->resource_count; i++) {
        const vks_resource *r = &p->resources[i];
        if (joins_memory(r, memory) &&
            (root == VKS_RES_UNKNOWN || r->memory_offset < p->resources[root].memory_offset))
            root = (vks_res_id)i;
    }
    for (size_t i = 0; i < p->resource_count; i++) {
        vks_resource *r = &p->resources[i];
        if (!r->memory || strcmp(r->memory, memory) != 0)
            continue;
        r->aliased = joins_memory(r, memory) && root != VKS_RES_UNKNOWN &&
                     (vks_res_id)i != root;
        r->memory_root = r->aliased ? root : (vks_res_id)i;
        r->memory_shift = r->aliased ? r->memory_offset - p->resources[root].memory_offset : 0;
    }
}

void vks_bind_buffer_memory(vks_program *p, vks_res_id res, const char *memory,
                            uint64_t offset)
{
    if (res >= p->resource_count || !memory)
        return;
    vks_resource *r = &p->resources[res];
    if (r->kind != VKS_RES_BUFFER || r->memory_conflict)
        return;
    if (r->memory && strcmp(r->memory, memory) == 0 && r->memory_offset == offset)
        return;
    if (r->memory) {
        r->memory_conflict = true;
    } else {
        r->memory = vks_arena_strdup(p->arena, memory);
        r->memory_offset = offset;
    }
    link_memory(p, r->memory);
}

vks_res_id vks_memory_key(const vks_program *p, vks_res_id res)
{
    if (res < p->resource_count && p->resources[res].aliased)
        return p->resources[res].memory_root;
    return res;
}

vks_res_id vks_add_image(vks_program *p, const char *name, uint32_t mips,
                         uint32_t layers, uint32_t initial_layout,
                         vks_loc decl)
{
    vks_resource r = {.kind = VKS_RES_IMAGE,
                      .name = vks_arena_strdup(p->arena, name),
                      .decl = decl,
                      .size = VKS_WHOLE,
                      .mip_levels = mips,
                      .array_layers = layers,
                      .initial_layout = initial_layout};
    return add_resource(p, r);
}

uint32_t vks_add_event(vks_program *p, const char *name)
{
    for (size_t i = 0; i < p->event_count; i++)
        if (strcmp(p->event_names[i], name) == 0)
            return (uint32_t)i;
    const char *copy = vks_arena_strdup(p->arena, name);
    VKS_PUSH(p->arena, p->event_names, p->event_count, p->event_cap, copy);
    return (uint32_t)(p->event_count - 1);
}

uint32_t vks_begin_cmdbuf(vks_program *p, const char *name,
                          const char *function, vks_loc begin)
{
    vks_cmdbuf cb = {.name = vks_arena_strdup(p->arena, name),
                     .function = vks_arena_strdup(p->arena, function),
                     .queue_family = VKS_QUEUE_FAMILY_IGNORED,
                     .begin = begin,
                     .end = begin};
    VKS_PUSH(p->arena, p->cmdbufs, p->cmdbuf_count, p->cmdbuf_cap, cb);
    return (uint32_t)(p->cmdbuf_count - 1);
}

void vks_end_cmdbuf(vks_program *p, uint32_t cb, vks_loc end)
{
    p->cmdbufs[cb].end = end;
}

void vks_add_path_step(vks_program *p, uint32_t cb_index, vks_loc loc,
                       const char *text)
{
    vks_add_path_step_at(p, cb_index, loc, text, p->cmdbufs[cb_index].cmd_count);
}

void vks_add_path_step_at(vks_program *p, uint32_t cb_index, vks_loc loc,
                          const char *text, size_t before_cmd)
{
    vks_cmdbuf *cb = &p->cmdbufs[cb_index];
    size_t count = cb->path_step_count, cap = cb->path_step_cap;
    const char *copy = vks_arena_strdup(p->arena, text);
    VKS_PUSH(p->arena, cb->path_step_text, count, cap, copy);
    count = cb->path_step_count;
    cap = cb->path_step_cap;
    VKS_PUSH(p->arena, cb->path_steps, count, cap, loc);
    count = cb->path_step_count;
    cap = cb->path_step_cap;
    VKS_PUSH(p->arena, cb->path_step_cmd, count, cap, before_cmd);
    cb->path_step_count = count;
    cb->path_step_cap = cap;
}

vks_cmd *vks_add_cmd(vks_program *p, uint32_t cb_index, vks_cmd_kind kind,
                     const char *name, vks_loc loc)
{
    vks_cmdbuf *cb = &p->cmdbufs[cb_index];
    vks_cmd cmd = {.kind = kind,
                   .name = vks_arena_strdup(p->arena, name),
                   .loc = loc,
                   .dependency_flags = VKS_MASK(0)};
    VKS_PUSH(p->arena, cb->cmds, cb->cmd_count, cb->cmd_cap, cmd);
    return &cb->cmds[cb->cmd_count - 1];
}

void vks_cmd_add_access(vks_program *p, vks_cmd *cmd, vks_access access)
{
    VKS_PUSH(p->arena, cmd->accesses, cmd->access_count, cmd->access_cap,
             access);
}

void vks_cmd_add_barrier(vks_program *p, vks_cmd *cmd, vks_barrier barrier)
{
    VKS_PUSH(p->arena, cmd->barriers, cmd->barrier_count, cmd->barrier_cap,
             barrier);
}

void vks_cmd_add_event(vks_program *p, vks_cmd *cmd, uint32_t event)
{
    if (cmd->event_count == 0)
        cmd->event = event;
    VKS_PUSH(p->arena, cmd->events, cmd->event_count, cmd->event_cap, event);
}

void vks_cmd_add_attachment(vks_program *p, vks_cmd *cmd,
                            vks_attachment attachment)
{
    VKS_PUSH(p->arena, cmd->attachments, cmd->attachment_count,
             cmd->attachment_cap, attachment);
}

vks_region vks_buffer_region(vks_res_id res, uint64_t offset, uint64_t size)
{
    return (vks_region){.res = res, .range_known = true, .offset = offset,
                        .size = size};
}

vks_region vks_image_region(vks_res_id res, uint32_t aspect, uint32_t base_mip,
                            uint32_t mip_count, uint32_t base_layer,
                            uint32_t layer_count)
{
    return (vks_region){.res = res, .range_known = true, .size = VKS_WHOLE,
                        .aspect_mask = aspect, .base_mip = base_mip,
                        .mip_count = mip_count, .base_layer = base_layer,
                        .layer_count = layer_count};
}

vks_region vks_whole_region(vks_res_id res)
{
    return (vks_region){.res = res, .range_known = true, .offset = 0,
                        .size = VKS_WHOLE, .aspect_mask = ~0u, .base_mip = 0,
                        .mip_count = VKS_REMAINING, .base_layer = 0,
                        .layer_count = VKS_REMAINING};
}

vks_access vks_known_access(vks_region region, uint64_t stage, uint64_t access)
{
    return (vks_access){.known = true, .region = region, .stage = stage,
                        .access = access, .layout = VKS_LAYOUT_UNKNOWN};
}

vks_access vks_unknown_access(void)
{
    return (vks_access){.known = false, .region = {.res = VKS_RES_UNKNOWN},
                        .layout = VKS_LAYOUT_UNKNOWN};
}

bool vks_barrier_scope_reaches(const vks_barrier *b, uint32_t cmd)
{
    return !b->first_scope_limited || cmd < b->first_scope_end;
}

vks_barrier vks_global_barrier(vks_mask src_stages, vks_mask src_access,
                               vks_mask dst_stages, vks_mask dst_access,
                               vks_loc loc)
{
    return (vks_barrier){.kind = VKS_BARRIER_GLOBAL,
                         .src_stages = src_stages, .src_access = src_access,
                         .dst_stages = dst_stages, .dst_access = dst_access,
                         .region = {.res = VKS_RES_UNKNOWN},
                         .old_layout = VKS_LAYOUT_UNKNOWN,
                         .new_layout = VKS_LAYOUT_UNKNOWN,
                         .src_queue_family = ~0u, .dst_queue_family = ~0u,
                         .loc = loc,
                         .src_subpass = VKS_SUBPASS_EXTERNAL,
                         .dst_subpass = VKS_SUBPASS_EXTERNAL};
}

vks_barrier vks_buffer_barrier(vks_mask src_stages, vks_mask src_access,
                               vks_mask dst_stages, vks_mask dst_access,
                               vks_region region, vks_loc loc)
{
    vks_barrier b = vks_global_barrier(src_stages, src_access, dst_stages,
                                       dst_access, loc);
    b.kind = VKS_BARRIER_BUFFER;
    b.region = region;
    return b;
}

vks_barrier vks_image_barrier(vks_mask src_stages, vks_mask src_access,
                              vks_mask dst_stages, vks_mask dst_access,
                              vks_region region, uint32_t old_layout,
                              uint32_t new_layout, vks_loc loc)
{
    vks_barrier b = vks_global_barrier(src_stages, src_access, dst_stages,
                                       dst_access, loc);
    b.kind = VKS_BARRIER_IMAGE;
    b.region = region;
    b.old_layout = old_layout;
    b.new_layout = new_layout;
    return b;
}

vks_barrier vks_subpass_dependency(uint32_t src_subpass, uint32_t dst_subpass,
                                   vks_mask src_stages, vks_mask src_access,
                                   vks_mask dst_stages, vks_mask dst_access,
                                   vks_loc loc)
{
    vks_barrier b = vks_global_barrier(src_stages, src_access, dst_stages,
                                       dst_access, loc);
    b.src_subpass = src_subpass;
    b.dst_subpass = dst_subpass;
    return b;
}

/* ---- printed form ---- */

static void print_mask(FILE *out, const char *label, vks_mask m, bool stages)
{
    char buf[512];
    if (!m.known)
        fprintf(out, " %s=?", label);
    else if (stages)
        fprintf(out, " %s=%s", label, vks_stage_mask_str(m.bits, buf, sizeof buf));
    else
        fprintf(out, " %s=%s", label, vks_access_mask_str(m.bits, buf, sizeof buf));
}

static void print_region(FILE *out, const vks_program *p, vks_region r)
{
    if (r.res == VKS_RES_UNKNOWN) {
        fputs(" ?", out);
        return;
    }
    const vks_resource *res = &p->resources[r.res];
    fprintf(out, " %s", res->name);
    if (!r.range_known)
        fputs("[?]", out);
    else if (res->kind == VKS_RES_BUFFER && r.size == VKS_WHOLE)
        fprintf(out, "[%" PRIu64 ":]", r.offset);
    else if (res->kind == VKS_RES_BUFFER)
        fprintf(out, "[%" PRIu64 ":%" PRIu64 "]", r.offset, r.offset + r.size);
    else
        fprintf(out, "[aspect=%#x mip=%u+%d layer=%u+%d]", r.aspect_mask,
                r.base_mip, (int)r.mip_count, r.base_layer, (int)r.layer_count);
}

void vks_program_print(const vks_program *p, FILE *out)
{
    for (size_t c = 0; c < p->cmdbuf_count; c++) {
        const vks_cmdbuf *cb = &p->cmdbufs[c];
        fprintf(out, "cmdbuf %s in %s (%s:%u)\n", cb->name,
                cb->function ? cb->function : "?",
                cb->begin.file ? cb->begin.file : "?", cb->begin.line);
        for (size_t i = 0; i < cb->cmd_count; i++) {
            const vks_cmd *cmd = &cb->cmds[i];
            fprintf(out, "  %u: %s\n", cmd->loc.line, cmd->name);
            for (size_t a = 0; a < cmd->access_count; a++) {
                const vks_access *acc = &cmd->accesses[a];
                if (!acc->known) {
                    fputs("    access ?\n", out);
                    continue;
                }
                fprintf(out, "    %s %s:%s",
                        vks_access_is_write(acc->access) ? "write" : "read",
                        vks_stage_name(acc->stage), vks_access_name(acc->access));
                print_region(out, p, acc->region);
                fputc('\n', out);
            }
            for (size_t b = 0; b < cmd->barrier_count; b++) {
                const vks_barrier *bar = &cmd->barriers[b];
                static const char *kinds[] = {"global", "buffer", "image"};
                fprintf(out, "    barrier %s", kinds[bar->kind]);
                print_mask(out, "src", bar->src_stages, true);
                print_mask(out, "srcAccess", bar->src_access, false);
                print_mask(out, "dst", bar->dst_stages, true);
                print_mask(out, "dstAccess", bar->dst_access, false);
                if (bar->kind != VKS_BARRIER_GLOBAL)
                    print_region(out, p, bar->region);
                if (bar->kind == VKS_BARRIER_IMAGE)
                    fprintf(out, " %s->%s", vks_layout_name(bar->old_layout),
                            vks_layout_name(bar->new_layout));
                if (bar->src_queue_family != bar->dst_queue_family)
                    fprintf(out, " queue family %d->%d", (int)bar->src_queue_family,
                            (int)bar->dst_queue_family);
                if (cmd->kind == VKS_CMD_BEGIN_RENDER_PASS)
                    fprintf(out, " subpass %d->%d", (int)bar->src_subpass,
                            (int)bar->dst_subpass);
                fputc('\n', out);
            }
            for (size_t e = 0; e < cmd->event_count; e++)
                fprintf(out, "    event %s\n", p->event_names[cmd->events[e]]);
            for (size_t a = 0; a < cmd->attachment_count; a++) {
                const vks_attachment *att = &cmd->attachments[a];
                static const char *loads[] = {"load", "clear", "dont_care", "none"};
                static const char *stores[] = {"store", "dont_care", "none"};
                fprintf(out, "    attachment %s", att->depth_stencil ? "depth" : "color");
                print_region(out, p, att->region);
                fprintf(out, " %s/%s %s->%s->%s\n", loads[att->load_op],
                        stores[att->store_op], vks_layout_name(att->initial_layout),
                        vks_layout_name(att->layout),
                        vks_layout_name(att->final_layout));
            }
        }
    }
}

/* ---- equality and rollback (the front end's paths) ---- */

static bool same_mask(vks_mask a, vks_mask b)
{
    return a.known == b.known && (!a.known || a.bits == b.bits);
}

static bool same_region(vks_region a, vks_region b)
{
    return a.res == b.res && a.range_known == b.range_known &&
           (!a.range_known ||
            (a.offset == b.offset && a.size == b.size && a.aspect_mask == b.aspect_mask &&
             a.base_mip == b.base_mip && a.mip_count == b.mip_count &&
             a.base_layer == b.base_layer && a.layer_count == b.layer_count));
}

static bool same_cmd(const vks_cmd *a, const vks_cmd *b)
{
    if (a->kind != b->kind || strcmp(a->name, b->name) != 0 || !vks_loc_equal(&a->loc, &b->loc) ||
        a->access_count != b->access_count || a->barrier_count != b->barrier_count ||
        !same_mask(a->dependency_flags, b->dependency_flags))
        return false;
    for (size_t i = 0; i < a->access_count; i++) {
        const vks_access *x = &a->accesses[i], *y = &b->accesses[i];
        if (x->known != y->known ||
            (x->known && (x->stage != y->stage || x->access != y->access ||
                          x->layout != y->layout || !same_region(x->region, y->region))))
            return false;
    }
    for (size_t i = 0; i < a->barrier_count; i++) {
        const vks_barrier *x = &a->barriers[i], *y = &b->barriers[i];
        if (x->kind != y->kind || !same_mask(x->src_stages, y->src_stages) ||
            !same_mask(x->src_access, y->src_access) ||
            !same_mask(x->dst_stages, y->dst_stages) ||
            !same_mask(x->dst_access, y->dst_access) ||
            !same_region(x->region, y->region) || x->old_layout != y->old_layout ||
            x->new_layout != y->new_layout || !vks_loc_equal(&x->loc, &y->loc) ||
            x->src_queue_family != y->src_queue_family ||
            x->dst_queue_family != y->dst_queue_family)
            return false;
    }
    return true;
}

static uint64_t hash_mask(uint64_t h, vks_mask m)
{
    uint64_t fields[] = {m.known, m.known ? m.bits : 0};
    return vks_hash_bytes(h, fields, sizeof fields);
}

static uint64_t hash_region(uint64_t h, const vks_region *r, const vks_res_namer *namer)
{
    if (namer && r->res != VKS_RES_UNKNOWN)
        h = namer->hash(namer->data, h, r->res);
    else
        h = vks_hash_bytes(h, &r->res, sizeof r->res);
    h = vks_hash_bytes(h, &r->range_known, sizeof r->range_known);
    if (!r->range_known)
        return h;
    uint64_t fields[] = {r->offset, r->size, r->aspect_mask, r->base_mip, r->mip_count,
                         r->base_layer, r->layer_count};
    return vks_hash_bytes(h, fields, sizeof fields);
}

static uint64_t hash_loc(uint64_t h, const vks_loc *at)
{
    const char *file = at->file ? at->file : "";
    h = vks_hash_bytes(h, file, strlen(file));
    unsigned fields[] = {at->line, at->col};
    return vks_hash_bytes(h, fields, sizeof fields);
}

/* Field for field what same_cmd compares, so commands it takes for equal
   hash equal. */
uint64_t vks_cmd_hash(uint64_t h, const vks_cmd *c)
{
    return vks_cmd_hash_named(h, c, NULL);
}

uint64_t vks_cmd_hash_named(uint64_t h, const vks_cmd *c, const vks_res_namer *namer)
{
    h = vks_hash_bytes(h, &c->kind, sizeof c->kind);
    h = vks_hash_bytes(h, c->name, strlen(c->name));
    h = hash_loc(h, &c->loc);
    h = hash_mask(h, c->dependency_flags);
    for (size_t i = 0; i < c->access_count; i++) {
        const vks_access *a = &c->accesses[i];
        h = vks_hash_bytes(h, &a->known, sizeof a->known);
        if (!a->known)
            continue;
        uint64_t fields[] = {a->stage, a->access, a->layout};
        h = vks_hash_bytes(h, fields, sizeof fields);
        h = hash_region(h, &a->region, namer);
    }
    for (size_t i = 0; i < c->barrier_count; i++) {
        const vks_barrier *b = &c->barriers[i];
        uint64_t fields[] = {b->kind, b->old_layout, b->new_layout,
                             (uint64_t)b->src_queue_family, (uint64_t)b->dst_queue_family,
                             b->first_scope_limited, b->first_scope_end};
        h = vks_hash_bytes(h, fields, sizeof fields);
        h = hash_mask(h, b->src_stages);
        h = hash_mask(h, b->src_access);
        h = hash_mask(h, b->dst_stages);
        h = hash_mask(h, b->dst_access);
        h = hash_region(h, &b->region, namer);
        h = hash_loc(h, &b->loc);
    }
    for (size_t i = 0; i < c->event_count; i++)
        h = vks_hash_bytes(h, &c->events[i], sizeof c->events[i]);
    return h;
}

/* Two paths that differ only in decisions that did not change what was
   recorded (after vkEndCommandBuffer, or two switch cases doing the same)
   record the same command buffer: it is kept once, with the first path's
   steps, so each hazard is reported once. */
bool vks_cmdbuf_equal(const vks_cmdbuf *a, const vks_cmdbuf *b)
{
    if (!vks_loc_equal(&a->begin, &b->begin) || a->cmd_count != b->cmd_count)
        return false;
    for (size_t i = 0; i < a->cmd_count; i++)
        if (!same_cmd(&a->cmds[i], &b->cmds[i]))
            return false;
    return true;
}

/* A command buffer recorded again is kept once, with the steps of the
   path that took the fewest decisions to record it: a finding's notes are
   the path that leads to it, and the shortest is the one a reader can
   follow.  A render loop's depth-first runs record the frame's command
   buffers first deep in the loop (after a resize from a minimised
   window, seven decisions in), and the setup in main that records them
   with one decision comes last. */
void vks_program_drop_repeated(vks_program *p, size_t function_first, size_t run_first)
{
    size_t out = run_first;
    for (size_t i = run_first; i < p->cmdbuf_count; i++) {
        size_t repeated = SIZE_MAX;
        for (size_t j = function_first; j < run_first && repeated == SIZE_MAX; j++)
            if (vks_cmdbuf_equal(&p->cmdbufs[j], &p->cmdbufs[i]))
                repeated = j;
        if (repeated == SIZE_MAX)
            p->cmdbufs[out++] = p->cmdbufs[i];
        else if (p->cmdbufs[i].path_step_count < p->cmdbufs[repeated].path_step_count)
            p->cmdbufs[repeated] = p->cmdbufs[i];
    }
    p->cmdbuf_count = out;
}

void vks_program_drop_listed(vks_program *p, size_t from, const uint32_t *drop,
                             size_t n)
{
    size_t out = from;
    for (size_t i = from; i < p->cmdbuf_count; i++) {
        bool listed = false;
        for (size_t k = 0; k < n && !listed; k++)
            listed = drop[k] == i;
        if (!listed)
            p->cmdbufs[out++] = p->cmdbufs[i];
    }
    p->cmdbuf_count = out;
}

void vks_program_truncate(vks_program *p, size_t keep)
{
    if (keep < p->cmdbuf_count)
        p->cmdbuf_count = keep;
}
