/*
 * host.c - host access to mapped memory: which buffer a pointer returned by
 * vkMapMemory reaches, and the host reads and writes made through it.
 *
 * vkBindBufferMemory(2) binds a buffer to a memory object at an offset;
 * vkMapMemory(2) returns "a host-accessible pointer to the beginning of the
 * mapped range" (ppData; "Device Memory" chapter), the range starting at the
 * map's offset in the memory object: the
 * pointer is an fe_val tagged with its mapping and a byte offset, which
 * pointer arithmetic, casts, array subscripts, `*p`, `p->field` and
 * `&p[i]` carry along.  Dereferencing it gives a place (an fe_val with
 * mapped_place); reading a place is a host read, assigning to it a host
 * write, and memcpy/memmove/memset with a mapped source or destination are
 * one read or write of the bytes they copy.  The byte range in the memory
 * object is mapped onto every buffer bound there, and each access becomes a
 * host command in this path's queue streams (submit.c), where the engine
 * checks it against the device work submitted earlier (engine/host_hazards.c).
 *
 * What is not known is not guessed: a pointer whose mapping, offset or
 * element index is not known, a memory object bound to no buffer the front
 * end saw, or a memcpy of an unknown size, makes no host access, so no
 * finding.  Images bound to memory are not mapped to subresources (their
 * host layout is the implementation's, VkSubresourceLayout).
 */
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "model.h"

struct fe_mapping {
    const char *memory;        /* the memory handle's identity */
    const char *spelling;      /* the pointer variable, for messages */
    uint64_t offset;           /* vkMapMemory's offset */
    bool offset_known;
};

const char *fe_mapping_memory(const struct fe_mapping *m)
{
    return m ? m->memory : NULL;
}

typedef struct fe_binding_rec {
    const char *memory;        /* identity of the VkDeviceMemory */
    fe_val *buffer;            /* the buffer handle (a copy) */
    uint64_t offset;           /* memoryOffset */
    vks_loc loc;
    struct fe_binding_rec *next;
} fe_binding_rec;

struct fe_host_state {
    fe_binding_rec *bindings;
};

static struct fe_host_state *host_state(fe_ctx *cx)
{
    if (!cx->host)
        cx->host = vks_arena_alloc(cx->arena, sizeof *cx->host);
    return cx->host;
}

static void bind_buffer(fe_ctx *cx, vks_loc loc, const fe_val *buffer,
                        const fe_val *memory, const fe_val *offset)
{
    const char *mem = fe_object_ident(memory);
    uint64_t at;
    if (!mem || !fe_object_ident(buffer) || !fe_known_int(offset, &at))
        return; /* unknown: the buffer is reached by no mapped pointer */
    fe_binding_rec *b = vks_arena_alloc(cx->arena, sizeof *b);
    b->memory = fe_persist(cx, mem);
    b->buffer = fe_keep(cx, buffer, 0);
    b->offset = at;
    b->loc = loc;
    b->next = host_state(cx)->bindings;
    host_state(cx)->bindings = b;
    /* Another buffer bound to the same memory: the two (and any others
       there) share the memory's address space in the engine (ir.c
       link_memory), so that accesses through one are compared with
       accesses through the other where their bytes overlap.  The last
       binding there is enough: those before it were told when it was
       bound. */
    for (const fe_binding_rec *o = b->next; o; o = o->next) {
        if (strcmp(o->memory, b->memory) != 0)
            continue;
        vks_bind_buffer_memory(cx->program, fe_resource(cx, o->buffer, VKS_RES_BUFFER, o->loc),
                               o->memory, o->offset);
        vks_bind_buffer_memory(cx->program, fe_resource(cx, b->buffer, VKS_RES_BUFFER, loc),
                               b->memory, b->offset);
        break;
    }
}

/* *ppData = a pointer to the start of the mapping. */
static void map_memory(fe_ctx *cx, vks_loc at, const fe_val *memory,
                       const fe_val *offset, fe_val *out)
{
    fe_val *node = fe_deref(cx, out, 0);
    if (!node)
        return;
    cx->path.mappings++;
    const char *spelling = node->spelling;
    memset(node, 0, sizeof *node);
    node->loc = at;
    node->kind = VAL_SYM;
    node->ident = vks_arena_printf(cx->arena, "mapped:%s:%u:%u#%u", node->loc.file,
                                   node->loc.line, node->loc.col,
                                   ++cx->path.havoc_generation);
    node->spelling = spelling;
    /* "ppData is a pointer to a void * variable in which a host-accessible
       pointer to the beginning of the mapped range is returned" (Memory
       Allocation, vkMapMemory): on the path where the call succeeded, as
       for a handle a create call wrote (objects.c), it is no null pointer
       - vkcube's loadTexture(filename, data, ...) tests `rgba_data ==
       NULL` to tell a size query from a load, and that was a decision. */
    node->not_null = true;
    const char *mem = fe_object_ident(memory);
    if (!mem)
        return; /* an untagged pointer: its accesses are not tracked */
    struct fe_mapping *m = vks_arena_alloc(cx->arena, sizeof *m);
    m->memory = fe_persist(cx, mem);
    m->spelling = fe_persist(cx, spelling);
    m->offset_known = fe_known_int(offset, &m->offset);
    node->mapping = m;
    node->map_offset_known = true;
    node->map_offset = 0;
}

/* vkBindBufferMemory (param 1) / vkBindBufferMemory2 (2). */
bool fe_model_bind_buffer_memory(fe_ctx *cx, const fe_call *call, int param)
{
    fe_val **args = call->args;
    if (param == 1) {
        bind_buffer(cx, call->loc, args[1], args[2], args[3]);
        return true;
    }
    uint64_t n;
    if (!fe_known_int(args[1], &n) || n > 64)
        return true;
    for (uint64_t i = 0; i < n; i++) {
        fe_val *info = fe_deref(cx, args[2], (int64_t)i);
        if (info)
            bind_buffer(cx, call->loc, fe_peek(cx, info, "buffer"),
                        fe_peek(cx, info, "memory"), fe_peek(cx, info, "memoryOffset"));
    }
    return true;
}

/* vkMapMemory (param 1) / vkMapMemory2 (2). */
bool fe_model_map_memory(fe_ctx *cx, const fe_call *call, int param)
{
    fe_val **args = call->args;
    if (param == 1) {
        map_memory(cx, call->loc, args[1], args[2], args[5]);
        return true;
    }
    fe_val *info = fe_deref(cx, args[1], 0);
    map_memory(cx, call->loc, info ? fe_peek(cx, info, "memory") : NULL,
               info ? fe_peek(cx, info, "offset") : NULL, args[2]);
    return true;
}

/* ---- pointers into mapped memory and the places they reach ---- */

static fe_val *tagged(fe_ctx *cx, const fe_val *from, bool place, bool known,
                      uint64_t offset)
{
    fe_val *v = fe_unknown(cx);
    v->kind = place ? VAL_UNKNOWN : VAL_SYM;
    v->ident = place ? NULL : vks_arena_printf(cx->arena, "mapped+%u",
                                                ++cx->path.havoc_generation);
    v->spelling = from->mapping->spelling;
    v->mapping = from->mapping;
    v->mapped_place = place;
    v->map_offset_known = known && from->map_offset_known;
    v->map_offset = from->map_offset + offset;
    return v;
}

fe_val *fe_host_pointer_add(fe_ctx *cx, const fe_val *ptr, const fe_val *delta,
                            uint64_t element_size, bool subtract)
{
    uint64_t n;
    bool known = fe_known_int(delta, &n) && element_size;
    uint64_t bytes = known ? n * element_size : 0;
    return tagged(cx, ptr, false, known, subtract ? (uint64_t)0 - bytes : bytes);
}

fe_val *fe_host_place(fe_ctx *cx, const fe_val *ptr, const fe_val *index,
                      uint64_t element_size)
{
    uint64_t n = 0;
    bool known = !index || (fe_known_int(index, &n) && element_size);
    return tagged(cx, ptr, true, known, n * element_size);
}

fe_val *fe_host_member(fe_ctx *cx, const fe_val *object, bool offset_known,
                       uint64_t offset)
{
    return tagged(cx, object, true, offset_known, offset);
}

fe_val *fe_host_address_of(fe_ctx *cx, const fe_val *place)
{
    return tagged(cx, place, false, true, 0);
}

/* The accesses a host read or write of `size` bytes at the place makes:
   one per bound buffer the bytes overlap.  Where in the mapping they are
   may be unknown (an offset or a size the evaluator cannot tell): then one
   per buffer bound to the memory, its range unknown - a question left
   unknown wherever it is checked (engine/hazard.c), never a finding, and
   never silence either: such an access made no access at all before, and
   a host write racing the GPU at `mapped + offset` with `offset` unknown
   was counted nowhere. */
static size_t place_accesses(fe_ctx *cx, const fe_val *place,
                             uint64_t size, bool write, vks_access *out, size_t cap)
{
    const struct fe_mapping *m = place->mapping;
    if (!m || !cx->host)
        return 0;
    uint64_t access = write ? VK_ACCESS_2_HOST_WRITE_BIT : VK_ACCESS_2_HOST_READ_BIT;
    bool somewhere = !m->offset_known || !place->map_offset_known || !size;
    uint64_t start = somewhere ? 0 : m->offset + place->map_offset, end = start + size;
    size_t n = 0;
    vks_res_id keys[cap ? cap : 1];
    uint64_t los[cap ? cap : 1], his[cap ? cap : 1];
    for (const fe_binding_rec *b = cx->host->bindings; b && n < cap; b = b->next) {
        if (strcmp(b->memory, m->memory) != 0)
            continue;
        /* A buffer destroyed since it was bound holds none of these bytes
           any more ("vkDestroyBuffer": the buffer "must not be used"
           after it; Resource Creation): vkcube's uniform buffers, made
           again on each swapchain rebuild into the memory the old ones
           were bound to. */
        if (b->buffer->ident && fe_has_ended(cx, b->buffer->ident))
            continue;
        vks_res_id res = fe_resource(cx, b->buffer, VKS_RES_BUFFER, b->loc);
        if (res == VKS_RES_UNKNOWN || res >= cx->program->resource_count)
            continue;
        bool listed = false; /* bound again: one access */
        for (size_t k = 0; k < n && !listed; k++)
            listed = out[k].region.res == res;
        if (listed)
            continue;
        if (somewhere) {
            vks_region anywhere = vks_buffer_region(res, 0, VKS_WHOLE);
            anywhere.range_known = false;
            keys[n] = VKS_RES_UNKNOWN; /* no bytes placed */
            out[n++] = vks_known_access(anywhere, VK_PIPELINE_STAGE_2_HOST_BIT, access);
            continue;
        }
        uint64_t buf_size = cx->program->resources[res].size;
        uint64_t buf_end = buf_size == VKS_WHOLE ? UINT64_MAX : b->offset + buf_size;
        if (end <= b->offset || start >= buf_end)
            continue;
        uint64_t lo = start > b->offset ? start : b->offset;
        uint64_t hi = end < buf_end ? end : buf_end;
        /* Buffers that share the memory's address space in the engine
           (ir.c link_memory): bytes one of them already places there are
           one access, not one per buffer. */
        vks_res_id key = vks_memory_key(cx->program, res);
        bool placed = false;
        for (size_t k = 0; k < n && !placed; k++)
            placed = keys[k] == key && los[k] <= lo && hi <= his[k];
        if (placed)
            continue;
        keys[n] = key;
        los[n] = lo;
        his[n] = hi;
        out[n++] = vks_known_access(vks_buffer_region(res, lo - b->offset, hi - lo),
                                    VK_PIPELINE_STAGE_2_HOST_BIT, access);
    }
    return n;
}

enum { MAX_BOUND = 8 };

void fe_host_touch(fe_ctx *cx, vks_loc at, const fe_val *place, uint64_t size,
                   bool write)
{
    vks_access acc[MAX_BOUND];
    size_t n = place_accesses(cx, place, size, write, acc, MAX_BOUND);
    fe_host_access_streams(cx, at, write, acc, n);
}

/*
 * The Vulkan commands through which the host waits for, or observes, the
 * completion of device work: "An execution dependency is defined by waiting
 * for a fence to become signaled, either via vkWaitForFences or by polling
 * on vkGetFenceStatus" (Synchronization and Cache Control, Fences), the
 * same for a timeline semaphore's wait or counter value, an event's status,
 * wait-idle and query results.  Every other command (vkDestroySemaphore,
 * vkGetPhysicalDeviceProperties, vkCreateSampler) returns without waiting
 * for the device, so it is no host wait, however many handles it is given.
 */
static bool vulkan_command_may_wait(const char *name)
{
    static const char *const waits[] = {
        "Wait", "GetFenceStatus", "GetEventStatus", "GetSemaphoreCounterValue",
        "GetQueryPoolResults",
    };
    for (size_t i = 0; i < sizeof waits / sizeof waits[0]; i++)
        if (strstr(name, waits[i]))
            return true;
    return false;
}

/* Whether a call the evaluator cannot see into could wait for the device:
   a Vulkan command that waits or polls, or any other call but the C
   library's and a logger's (formats_text) handed what leads to a VkDevice
   or VkQueue, which every wait
   needs (a `wait_for_gpu(ctx)` in another library whose ctx holds the
   device).  A library that kept the device from an earlier call and waits
   on its own is not seen (README). */
static bool may_wait(const fe_call *call)
{
    if (call->entry_point)
        return vulkan_command_may_wait(call->name);
    if (call->in_c_library || call->formats_text)
        return false;
    for (unsigned i = 0; i < call->argc; i++)
        if (call->arg_facts[i].leads_to_device)
            return true;
    return false;
}

/* memcpy / memmove (dst, src, n) and memset (dst, c, n): the bytes read from
   a mapped source, then the bytes written to a mapped destination.  Any
   other call that may wait: fe_host_unknown_wait. */
void fe_host_libc_call(fe_ctx *cx, const fe_call *call)
{
    const char *name = call->spelling;
    fe_val **args = call->args;
    bool copy = strcmp(name, "memcpy") == 0 || strcmp(name, "memmove") == 0 ||
                strcmp(name, "__builtin_memcpy") == 0 ||
                strcmp(name, "__builtin_memmove") == 0;
    bool set = strcmp(name, "memset") == 0 || strcmp(name, "__builtin_memset") == 0;
    if (!copy && !set) {
        if (may_wait(call))
            fe_host_unknown_wait(cx, call->loc, name);
        return;
    }
    uint64_t n;
    if (call->argc < 3)
        return;
    if (!fe_known_int(args[2], &n))
        n = 0; /* how many bytes is unknown: somewhere in the buffers */
    if (copy && args[1]->mapping && !args[1]->mapped_place)
        fe_host_touch(cx, call->loc, args[1], n, false);
    if (args[0]->mapping && !args[0]->mapped_place)
        fe_host_touch(cx, call->loc, args[0], n, true);
}
