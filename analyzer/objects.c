/*
 * objects.c - the Vulkan objects a program creates, as the command models
 * need them: images (vkCreateImage: shape and initial layout), image views
 * (vkCreateImageView: which image, which subresources), render passes
 * (vkCreateRenderPass(2): attachments, subpasses, dependencies),
 * framebuffers (vkCreateFramebuffer: which views), and the recordings of
 * command buffers (for vkCmdExecuteCommands).
 *
 * Buffers (vkCreateBuffer: size) are remembered the same way, so that a
 * buffer kept in a struct member is one resource in every function.
 *
 * A created object is remembered under the handle its create call wrote:
 * the handle's identity (the same variable in one function, the same global
 * everywhere) and, when it lives in a struct member, the member's key
 * ("Renderer.color"), which is how a render pass created by `init(r)` is
 * found again when `record(r, cmd)` begins it.  A key is used only when
 * exactly one created object was kept there; otherwise the object is
 * unknown, never guessed.
 *
 * Objects are usually created in functions that record nothing; those are
 * run once before the recording functions (fe_collect_objects).
 */
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "model.h"

typedef struct fe_key {
    const char *key;
    struct fe_key *next;
} fe_key;

struct fe_object {
    fe_object_kind kind;
    const char *ident;       /* the handle's identity when created */
    const char *spelling;    /* "r->color" */
    fe_key *keys;            /* struct members the handle was kept in */
    fe_val *info;            /* a copy of the create info */
    vks_loc loc;             /* the create call */
    vks_res_id res;          /* images: the IR resource, once used */
    /* recordings */
    uint32_t cmdbuf;
    vks_loc begin;
    struct fe_object *next;
};

typedef struct fe_objects {
    fe_object *list;
} fe_objects;

static fe_objects *objects_of(fe_ctx *cx)
{
    if (!cx->objects)
        cx->objects = vks_arena_alloc(cx->arena, sizeof *cx->objects);
    return cx->objects;
}

static bool has_key(const fe_object *o, const char *key)
{
    for (const fe_key *k = o->keys; k; k = k->next)
        if (strcmp(k->key, key) == 0)
            return true;
    return false;
}

static void add_key(fe_ctx *cx, fe_object *o, const char *key)
{
    if (!key || has_key(o, key))
        return;
    fe_key *k = vks_arena_alloc(cx->arena, sizeof *k);
    k->key = fe_persist(cx, key);
    k->next = o->keys;
    o->keys = k;
}

static fe_object *find_by_ident(fe_ctx *cx, fe_object_kind kind, const char *ident)
{
    for (fe_object *o = objects_of(cx)->list; o; o = o->next)
        if (o->kind == kind && strcmp(o->ident, ident) == 0)
            return o;
    return NULL;
}

/* Two objects kept in one struct member came from the same creation when
   the create call is the same and so is the chain of calls to it, as far
   as both go: a helper run on its own (the object creators, frontend.c)
   and inlined in its caller.  Otherwise they are two objects (issue 11,
   cause 7). */
static bool same_creation(vks_loc a, vks_loc b)
{
    const vks_loc *x = &a, *y = &b;
    for (; x && y; x = x->caller, y = y->caller)
        if (!vks_loc_equal(x, y))
            return false;
    return true;
}

/* Where a created handle was kept when it was made: creation_ident's
   "=kept_in", up to a "#created-n" (created again there); its length, 0
   when the creation had no named place. */
static size_t kept_in_of(const char *ident, const char **kept)
{
    const char *eq = strncmp(ident, "created:", 8) == 0 ? strchr(ident, '=') : NULL;
    if (!eq)
        return 0;
    *kept = eq + 1;
    const char *again = strstr(*kept, "#created-");
    return again ? (size_t)(again - *kept) : strlen(*kept);
}

/* One create call, reached through the same calls, made both objects and
   kept them in two named places: a helper called in a loop over frames[i]
   (`lite_buffer (&vk, size, usage, &f->out, ...)`) made one object per
   element, the same creation by location.  Taken as one, every handle in
   that member whose object the path lost (a struct an unseen call forgot)
   was the element created last: two frames' output buffers were one, and
   the wait for the frame's own fence "did not wait" for the other frame's
   copy (a false write-after-write in the styles corpus's reload_ programs,
   whose file watcher callback, called through a pointer, forgets the
   application struct). */
static bool kept_apart(const fe_object *a, const fe_object *b)
{
    /* Only where the object is memory a hazard is about: render passes,
       framebuffers and views made by one call in a loop describe the same
       attachments, and wlroots' render setups (one render pass per format,
       each in its own list node) lost their true-positive RAW at
       renderer.c:560 when a lookup of one gave none. */
    if (a->kind != FE_OBJ_BUFFER && a->kind != FE_OBJ_IMAGE)
        return false;
    const char *ka, *kb;
    size_t la = kept_in_of(a->ident, &ka), lb = kept_in_of(b->ident, &kb);
    return la && lb && (la != lb || strncmp(ka, kb, la) != 0);
}

/* Every two objects kept in `key` came from the same creation: a helper's
   create run on its own (no calls before it) is compatible with each of
   its callers', but two callers' are two objects (issue 11, cause 7), and
   so are two elements one call made in a loop (kept_apart). */
static bool one_creation(fe_ctx *cx, fe_object_kind kind, const char *key)
{
    for (fe_object *a = objects_of(cx)->list; a; a = a->next)
        if (a->kind == kind && has_key(a, key))
            for (fe_object *b = a->next; b; b = b->next)
                if (b->kind == kind && has_key(b, key) &&
                    (!same_creation(a->loc, b->loc) || kept_apart(a, b)))
                    return false;
    return true;
}

const fe_object *fe_find_object(fe_ctx *cx, fe_object_kind kind,
                                const fe_val *handle)
{
    if (!handle || handle->kind != VAL_SYM || !handle->ident)
        return NULL;
    fe_object *o = find_by_ident(cx, kind, handle->ident);
    if (o || !handle->member_key)
        return o;
    /* Another function's handle in the same struct member: only when one
       object was ever kept there (a later create with the same identity
       replaces the earlier one, see remember()). */
    fe_object *found = NULL;
    for (fe_object *c = objects_of(cx)->list; c; c = c->next) {
        if (c->kind != kind || !has_key(c, handle->member_key))
            continue;
        /* The same create call run from two places (its own function and a
           caller that inlines it) made the same object. */
        if (found && (!same_creation(found->loc, c->loc) || kept_apart(found, c)))
            return NULL;
        if (!found)
            found = c;
    }
    if (found && !one_creation(cx, kind, handle->member_key))
        return NULL;
    return found;
}

/* Registers (or, when the same handle is created again on another path,
   updates) an object. */
static fe_object *remember(fe_ctx *cx, fe_object_kind kind, const fe_val *handle,
                           vks_loc loc)
{
    fe_object *o = find_by_ident(cx, kind, handle->ident);
    if (!o) {
        o = vks_arena_alloc(cx->arena, sizeof *o);
        o->kind = kind;
        o->ident = fe_persist(cx, handle->ident);
        o->res = VKS_RES_UNKNOWN;
        o->next = objects_of(cx)->list;
        objects_of(cx)->list = o;
    }
    o->spelling = handle->spelling ? fe_persist(cx, handle->spelling) : "?";
    o->loc = loc;
    add_key(cx, o, handle->member_key);
    return o;
}

fe_val *fe_object_info(const fe_object *o)
{
    return o->info;
}

vks_loc fe_object_loc(const fe_object *o)
{
    return o->loc;
}

void fe_handle_stored(fe_ctx *cx, const fe_val *stored)
{
    if (stored->kind != VAL_SYM || !stored->ident || !stored->member_key)
        return;
    for (fe_object *o = objects_of(cx)->list; o; o = o->next)
        if (strcmp(o->ident, stored->ident) == 0 && !has_key(o, stored->member_key) &&
            !fe_sandboxed_inert_effect(cx))
            add_key(cx, o, stored->member_key);
}

/* A created handle was kept where it has a name and an identity of its
   own (eval.c, name_returned_handles: a struct returned by a constructor
   and kept in `staging` or `ring[1]`): the object made as `made_as` is
   remembered under the new identity and name as well. */
void fe_handle_renamed(fe_ctx *cx, const fe_val *handle, const char *made_as)
{
    /* A command buffer begun where it was made and handed back (`cmd =
       VK_NULL_HANDLE; alloc (&cmd); vkBeginCommandBuffer (cmd, ...);
       return cmd;`): its open recording goes on under the new name, or the
       caller's commands on it found no recording and were not analysed. */
    for (fe_recording *r = cx->path.recordings; r; r = r->next)
        if (strcmp(r->ident, made_as) == 0)
            r->ident = fe_persist(cx, handle->ident);
    void **begun = fe_name_slot(cx, &cx->path.begun, made_as, false);
    if (begun) {
        void *was = *begun;
        *fe_name_slot(cx, &cx->path.begun, handle->ident, true) = was;
    }
    for (fe_object *o = objects_of(cx)->list; o; o = o->next) {
        if (strcmp(o->ident, made_as) != 0 || fe_sandboxed_inert_effect(cx))
            continue;
        fe_object *kept = find_by_ident(cx, o->kind, handle->ident);
        if (!kept) {
            kept = vks_arena_alloc(cx->arena, sizeof *kept);
            *kept = *o;
            kept->ident = fe_persist(cx, handle->ident);
            kept->res = VKS_RES_UNKNOWN;
            kept->next = objects_of(cx)->list;
            objects_of(cx)->list = kept;
        } else {
            kept->info = o->info;
            kept->loc = o->loc;
        }
        kept->spelling = fe_persist(cx, handle->spelling);
    }
}

/* Whether the object a handle names was created inside the call at
   `call`: its create call's chain of callers passes through it. */
/* Whether the create call of `o` was reached through the call at `call`. */
static bool made_through(const fe_object *o, vks_loc call)
{
    for (const vks_loc *c = o->loc.caller; c; c = c->caller)
        if (c->line == call.line && c->col == call.col &&
            strcmp(c->file ? c->file : "", call.file ? call.file : "") == 0)
            return true;
    return false;
}

bool fe_created_inside(fe_ctx *cx, const fe_val *handle, vks_loc call)
{
    for (const fe_object *o = objects_of(cx)->list; o; o = o->next) {
        /* A recording begun on the handle (`begin_frame()` begins the
           command buffer it returns) is where it was begun, not made. */
        if (o->kind == FE_OBJ_RECORDING || strcmp(o->ident, handle->ident) != 0)
            continue;
        if (made_through(o, call))
            return true;
    }
    return false;
}

/* Whether the handle names an object made before the call at `call`:
   one is known by its identity and its create call's chain of callers
   does not pass through the call.  A struct returned by value that only
   copies such a handle out (`a.buffer = heap->buffer;`, a suballocator
   handing out ranges of one VkBuffer) gives the caller that object, not
   a new one. */
bool fe_created_before(fe_ctx *cx, const fe_val *handle, vks_loc call)
{
    bool known = false;
    for (const fe_object *o = objects_of(cx)->list; o; o = o->next) {
        if (o->kind == FE_OBJ_RECORDING || strcmp(o->ident, handle->ident) != 0)
            continue;
        known = true;
        if (made_through(o, call))
            return false;
    }
    return known;
}

/* ---- create calls ---- */

/* The source text of a pointer argument without its `&`: the handle's
   spelling when it has none yet (`VkImage image = VK_NULL_HANDLE;`). */
static const char *out_spelling(const fe_call *call, unsigned arg)
{
    const char *text = call->arg_facts[arg].text ? call->arg_facts[arg].text : "?";
    return text[0] == '&' ? text + 1 : text;
}

/*
 * The node element `index` of a create call's out-pointer designates.  A
 * handle with no identity yet (VK_NULL_HANDLE, a zeroed struct member)
 * gets one named after the create call and the calls that reached it
 * (creation_ident), stable across the paths through the function, so
 * every later read of it is the same object.
 */
/*
 * Issue 11, cause 7: "Objects made by one helper are one object ... An
 * object is identified by where its handle is stored (and the call path
 * that created it), not by the vkCreate* line."  The identity a created
 * handle gets when it has none names the create call and the chain of
 * calls that reached it: buffer_create(&buf_a) and buffer_create(&buf_b)
 * are two objects.  The name is the same on every path through the same
 * calls, so paths that record the same commands on the same objects are
 * one recording (frontend.c).  A helper called in a loop tells its objects
 * apart by where each is kept (`frames[1].staging`) when the evaluator can
 * name it; otherwise it makes one object per call site (a limit).
 */
static const char *creation_ident(fe_ctx *cx, vks_loc at, int64_t index,
                                  const char *kept_in)
{
    const char *ident = vks_arena_printf(cx->arena, "created:%s:%u:%u[%lld]", at.file,
                                         at.line, at.col, (long long)index);
    for (const vks_loc *c = at.caller; c; c = c->caller)
        ident = vks_arena_printf(cx->arena, "%s@%s:%u:%u", ident, c->file ? c->file : "?",
                                 c->line, c->col);
    /* Where it is kept, when the node has a name (eval_expr.c): one helper
       call site run in a loop over frames[i] makes one object per element. */
    return kept_in ? vks_arena_printf(cx->arena, "%s=%s", ident, kept_in) : ident;
}

/*
 * The handles this path has created, so that a handle created again (a
 * swapchain rebuild destroys and re-creates every image, view and buffer
 * into the same members) is a new object: its own initial layout, no
 * hazard with what the destroyed one saw.  Kept as the same identity, the
 * recreated texture of glfw's triangle-vulkan was "expected in layout
 * PREINITIALIZED, but it is in SHADER_READ_ONLY_OPTIMAL".  The n-th
 * creation of one identity on a path is named "IDENT#created-n", the same
 * on every path that creates it as often.
 */
static unsigned *creation_count(fe_ctx *cx, const char *ident, bool add)
{
    void **slot = fe_name_slot(cx, &cx->path.creations, ident, add);
    if (slot && !*slot) {
        *slot = vks_arena_alloc(fe_value_arena(cx), sizeof(unsigned));
        *(unsigned *)*slot = 0;
    }
    return slot ? *slot : NULL;
}

/* The identity for the next creation named `ident` on this path. */
static const char *created_again(fe_ctx *cx, const char *ident)
{
    unsigned *count = creation_count(cx, ident, true);
    if ((*count)++ == 0)
        return ident;
    const char *again = vks_arena_printf(cx->arena, "%s#created-%u", ident, *count);
    *creation_count(cx, again, true) = 1;
    return again;
}

static fe_val *created_handle(fe_ctx *cx, const fe_call *call, unsigned out,
                              int64_t index)
{
    fe_val *node = fe_deref(cx, call->args[out], index);
    if (!node)
        return NULL;
    /* Created again where an earlier creation on this path left its
       handle, or where a handle the path destroyed is still kept: a new
       object (the destroyed one's identity has ended, fe_has_ended). */
    if (node->kind == VAL_SYM && node->ident &&
        (creation_count(cx, node->ident, false) || fe_has_ended(cx, node->ident)))
        node->kind = VAL_UNKNOWN;
    if (node->kind != VAL_SYM || !node->ident) {
        vks_loc at = call->loc;
        /* Named by where it is kept when that is known (issue 11, cause 5:
           eval_expr.c, name_member_after_object), else as the call wrote it. */
        const char *spelling = node->spelling && index == 0 ? node->spelling
                                                            : out_spelling(call, out);
        node->kind = VAL_SYM;
        node->ident = created_again(
            cx, creation_ident(cx, at, index, index == 0 ? node->spelling : NULL));
        node->spelling = index ? vks_arena_printf(cx->arena, "%s[%lld]", spelling,
                                                  (long long)index)
                               : spelling;
        node->fields = NULL;
        node->zero_rest = false;
        node->initialiser_elements = false;
    }
    /* A handle the function was handed keeps its name when first created
       into (`ctx->image`); created again, it is a new object (above). */
    *creation_count(cx, node->ident, true) |= 1;
    node->not_null = true;
    return node;
}

/* vkAllocateCommandBuffers(device, pAllocateInfo, pCommandBuffers): each
   handle remembers its pool (for its queue family). */
bool fe_model_allocate_command_buffers(fe_ctx *cx, const fe_call *call, int param)
{
    (void)param;
    if (call->argc < 3)
        return true;
    fe_val *info = fe_deref(cx, call->args[1], 0);
    uint64_t n;
    if (!info || !fe_known_int(fe_peek(cx, info, "commandBufferCount"), &n) || n > 64)
        return true;
    for (uint64_t k = 0; k < n; k++) {
        fe_val *handle = created_handle(cx, call, 2, (int64_t)k);
        if (handle)
            /* Its pool and level: no pointer to follow. */
            remember(cx, FE_OBJ_COMMAND_BUFFER, handle, call->loc)->info =
                fe_keep(cx, info, 0);
    }
    return true;
}

/*
 * A create info as the create call saw it, with everything it points to
 * (pAttachments, pSubpasses, ...): the implementation reads them during the
 * call, so later writes by the program must not reach the object.  A copy
 * of the struct alone kept its pointers, so a framebuffer created in a loop
 * that rewrites one `views[0]` before each vkCreateFramebuffer (vkcube
 * does) saw the last view in every framebuffer.  Pointers are followed a
 * few levels, as deep as the create infos nest; the copy (fe_keep) outlives
 * the path, whose values are freed when it ends.
 */
enum { SNAPSHOT_DEPTH = 6 };

/* vkCreateX(device, pCreateInfo, pAllocator, pX): param is the object kind. */
bool fe_model_create_object(fe_ctx *cx, const fe_call *call, int param)
{
    fe_val *handle = created_handle(cx, call, 3, 0);
    fe_val *info = fe_deref(cx, call->args[1], 0);
    if (!handle)
        return true;
    fe_object *o = remember(cx, (fe_object_kind)param, handle, call->loc);
    /* The create info as it is now: later changes to the caller's struct or
       to what it points to do not change the object. */
    o->info = fe_keep(cx, info, SNAPSHOT_DEPTH);
    return true;
}

/* ---- handles and blocks the path ended ---- */

/*
 * A destroyed handle, or a pointer to a freed block, names nothing a
 * correct program uses again.  Every command's implicit valid usage asks
 * for "a valid handle" (VUID-vkCmdCopyBuffer-srcBuffer-parameter: "srcBuffer
 * must be a valid VkBuffer handle"), which a destroyed one is not; for
 * memory the Device Memory chapter says it in words: after vkFreeMemory
 * "any further use of them (on host or device) for anything other than
 * destroying those objects will result in undefined behavior".  So two
 * paths that differ only in destroyed handles still stored in a struct
 * (vkcube's `demo_resize` destroys every view, image and buffer of the
 * swapchain and keeps the stale handles in `demo` until `demo_prepare`
 * overwrites them) are one path for what follows, and merge.c may make
 * such a handle unknown.  A handle created again gets a new identity
 * (created_handle), so the mark never reaches a live object.  Read: the
 * FE_EP_ENDS rows of entry_points.def (vkDestroy*, vkFreeMemory) and
 * free(); not yet vkFreeCommandBuffers or vkFreeDescriptorSets (arrays),
 * nor the images a destroyed swapchain owned.
 */
static fe_val *ended_set(fe_ctx *cx)
{
    if (!cx->path.ended)
        cx->path.ended = fe_int(cx, 0);
    return cx->path.ended;
}

void fe_end_object(fe_ctx *cx, const fe_val *v)
{
    if (!v || v->kind != VAL_SYM || !v->ident)
        return;
    if (fe_has_ended(cx, v->ident))
        return;
    fe_val *set = ended_set(cx);
    /* Saved on the trail first: a region's way that destroys does not
       destroy on the others, and the join keeps it only where all did. */
    fe_will_write(cx, set);
    fe_field *f = vks_arena_alloc(fe_value_arena(cx), sizeof *f);
    f->name = vks_arena_strdup(fe_value_arena(cx), v->ident);
    f->name_hash = fe_field_hash(f->name);
    f->value = fe_int(cx, 1);
    f->next = set->fields;
    set->fields = f;
}

/* The creation a handle's identity names: a handle renamed after where a
   constructor's caller kept it (`made=>staging`, rename_handle) is the
   one `made` names. */
static const char *creation_of(fe_ctx *cx, const char *ident)
{
    const char *renamed = strstr(ident, "=>");
    return renamed ? vks_arena_printf(cx->arena, "%.*s", (int)(renamed - ident), ident) : ident;
}

/* A handle of a buffer or image this path created and has not destroyed. */
static bool live_creation(fe_ctx *cx, const fe_val *v, const char **made)
{
    if (!v || v->kind != VAL_SYM || !v->ident || !v->not_null)
        return false;
    *made = creation_of(cx, v->ident);
    if (!creation_count(cx, *made, false) || fe_has_ended(cx, v->ident) ||
        fe_has_ended(cx, *made))
        return false;
    return find_by_ident(cx, FE_OBJ_BUFFER, v->ident) || find_by_ident(cx, FE_OBJ_IMAGE, v->ident);
}

bool fe_distinct_creations(fe_ctx *cx, const fe_val *a, const fe_val *b)
{
    const char *made_a, *made_b;
    return live_creation(cx, a, &made_a) && live_creation(cx, b, &made_b) &&
           strcmp(made_a, made_b) != 0;
}

/* A renamed handle (`made=>staging`) is the value its create call
   wrote: a pool that keeps what it made in `p->items[i]` and returns a
   copy of it compares the two when the copy is put back (`if
   (p->items[i] == item)`), and each creation of one identity on a path
   has an identity of its own (created_again), so one creation is one
   value. */
bool fe_same_creation(fe_ctx *cx, const fe_val *a, const fe_val *b)
{
    if (!a || !b || a->kind != VAL_SYM || b->kind != VAL_SYM || !a->ident || !b->ident ||
        strncmp(a->ident, "created:", 8) != 0 || strncmp(b->ident, "created:", 8) != 0)
        return false;
    return strcmp(creation_of(cx, a->ident), creation_of(cx, b->ident)) == 0;
}

bool fe_has_ended(const fe_ctx *cx, const char *ident)
{
    if (!ident || !cx->path.ended)
        return false;
    for (const fe_field *f = cx->path.ended->fields; f; f = f->next)
        if (strcmp(f->name, ident) == 0)
            return f->value->kind == VAL_INT && f->value->i == 1;
    return false;
}

bool fe_name_frees_memory(const char *name)
{
    size_t n = strlen(name);
    return strcmp(name, "free") == 0 || (n > 5 && strcmp(name + n - 5, "_free") == 0) ||
           (n > 6 && strcmp(name + n - 6, "_freep") == 0);
}

void fe_note_free(fe_ctx *cx, const fe_call *call)
{
    if (!call->entry_point && call->in_c_library && strcmp(call->spelling, "free") == 0 &&
        call->argc == 1)
        fe_end_object(cx, call->args[0]);
}

/* ---- images and views ---- */

bool fe_is_recorded_object(const fe_ctx *cx, const char *ident)
{
    if (!ident)
        return false;
    if (strncmp(ident, "created:", 8) == 0)
        return true;
    for (const fe_resource_entry *r = cx->resources; r; r = r->next)
        if (strcmp(r->ident, ident) == 0)
            return true;
    return false;
}

vks_res_id fe_resource(fe_ctx *cx, const fe_val *handle, vks_res_kind kind,
                       vks_loc seen_at)
{
    /* A handle straight from a call the evaluator cannot see into
       (`lookup(3)`) could be any resource: unknown.  Stored in a variable
       first, it is that variable's resource. */
    if (!handle || handle->kind != VAL_SYM || !handle->ident ||
        strncmp(handle->ident, "call:", 5) == 0)
        return VKS_RES_UNKNOWN;
    for (fe_resource_entry *r = cx->resources; r; r = r->next)
        if (strcmp(r->ident, handle->ident) == 0)
            return r->id;
    const char *name = handle->spelling ? handle->spelling : "?";
    vks_res_id id = VKS_RES_UNKNOWN;
    if (kind == VKS_RES_IMAGE) {
        fe_object *image = (fe_object *)fe_find_object(cx, FE_OBJ_IMAGE, handle);
        if (image && image->res == VKS_RES_UNKNOWN) {
            const fe_val *info = image->info;
            image->res = vks_add_image(
                cx->program, image->spelling,
                fe_u32_or(fe_peek(cx, info, "mipLevels"), 0),
                fe_u32_or(fe_peek(cx, info, "arrayLayers"), 0),
                fe_u32_or(fe_peek(cx, info, "initialLayout"), VKS_LAYOUT_UNKNOWN),
                image->loc);
        }
        id = image ? image->res
                   : vks_add_image(cx->program, name, 0, 0, VKS_LAYOUT_UNKNOWN,
                                   seen_at);
    } else {
        fe_object *buffer = (fe_object *)fe_find_object(cx, FE_OBJ_BUFFER, handle);
        uint64_t size;
        if (buffer && buffer->res == VKS_RES_UNKNOWN)
            buffer->res = vks_add_buffer(
                cx->program, buffer->spelling,
                fe_known_int(fe_peek(cx, buffer->info, "size"), &size) ? size : VKS_WHOLE,
                buffer->loc);
        id = buffer ? buffer->res : vks_add_buffer(cx->program, name, VKS_WHOLE, seen_at);
    }
    if (id != VKS_RES_UNKNOWN && handle->member_key && !cx->program->resources[id].kept_in)
        cx->program->resources[id].kept_in = handle->member_key;
    fe_resource_entry *r = vks_arena_alloc(cx->arena, sizeof *r);
    r->ident = fe_persist(cx, handle->ident);
    if (id != VKS_RES_UNKNOWN && id >= cx->resource_ident_count) {
        size_t count = cx->resource_ident_count ? cx->resource_ident_count : 64;
        while (count <= id)
            count *= 2;
        const char **idents = vks_arena_alloc(cx->arena, sizeof *idents * count);
        memset(idents, 0, sizeof *idents * count);
        if (cx->resource_ident_count)
            memcpy(idents, cx->resource_idents,
                   sizeof *idents * cx->resource_ident_count);
        cx->resource_idents = idents;
        cx->resource_ident_count = count;
    }
    if (id != VKS_RES_UNKNOWN && !cx->resource_idents[id])
        cx->resource_idents[id] = r->ident;
    r->id = id;
    r->next = cx->resources;
    cx->resources = r;
    return id;
}

uint32_t fe_image_format(fe_ctx *cx, const fe_val *image)
{
    const fe_object *o = fe_find_object(cx, FE_OBJ_IMAGE, image);
    return o ? fe_u32_or(fe_peek(cx, o->info, "format"), VK_FORMAT_UNDEFINED)
             : VK_FORMAT_UNDEFINED;
}

vks_region fe_view_region(fe_ctx *cx, const fe_val *view, uint32_t *format)
{
    const fe_object *o = fe_find_object(cx, FE_OBJ_IMAGE_VIEW, view);
    if (format)
        *format = VK_FORMAT_UNDEFINED;
    if (!o || !o->info)
        return (vks_region){.res = VKS_RES_UNKNOWN, .range_known = false};
    vks_res_id res = fe_resource(cx, fe_peek(cx, o->info, "image"), VKS_RES_IMAGE,
                                 o->loc);
    /* Read only when asked for: a model's read of a value a join lost
       splits that join (a render pass's attachments need no format). */
    if (format)
        *format = fe_u32_or(fe_peek(cx, o->info, "format"), VK_FORMAT_UNDEFINED);
    return fe_subresource_range(cx, res, fe_peek(cx, o->info, "subresourceRange"));
}

/* ---- recordings and secondary command buffers ---- */

fe_cmdbuf_state *fe_recording_started(fe_ctx *cx, const fe_val *handle,
                                      uint32_t cmdbuf, vks_loc begin)
{
    fe_cmdbuf_state *state = vks_arena_alloc(cx->arena, sizeof *state);
    state->index_type = UINT64_MAX;
    /* "vkCreateCommandPool ... queueFamilyIndex designates a queue family":
       every command buffer allocated from the pool is submitted there,
       which decides whether its ownership transfer barriers release or
       acquire. */
    const fe_object *allocated = fe_find_object(cx, FE_OBJ_COMMAND_BUFFER, handle);
    const fe_object *pool =
        allocated && allocated->info
            ? fe_find_object(cx, FE_OBJ_COMMAND_POOL, fe_peek(cx, allocated->info, "commandPool"))
            : NULL;
    /* A family a join lost (the queue-family search of every windowed
       sample, joined) is no reason to split that search into a path per
       family: it only tells a release from an acquire, and a command
       buffer of an unknown family has its transfers on an unknown side
       (engine/qfot.c), as when the pool's family is any other unknown. */
    const fe_val *family = pool && pool->info ? fe_peek(cx, pool->info, "queueFamilyIndex")
                                              : NULL;
    if (family && !family->lossy)
        cx->program->cmdbufs[cmdbuf].queue_family =
            fe_u32_or(family, VKS_QUEUE_FAMILY_IGNORED);
    if (handle && handle->kind == VAL_SYM && handle->ident) {
        fe_object *o = remember(cx, FE_OBJ_RECORDING, handle, begin);
        o->cmdbuf = cmdbuf;
        o->begin = begin;
    }
    return state;
}

/* ---- image subresources ---- */

vks_region fe_subresource_range(fe_ctx *cx, vks_res_id res, const fe_val *range)
{
    uint64_t aspect, base_mip, mips, base_layer, layers;
    if (res != VKS_RES_UNKNOWN && range &&
        fe_known_int(fe_peek(cx, range, "aspectMask"), &aspect) &&
        fe_known_int(fe_peek(cx, range, "baseMipLevel"), &base_mip) &&
        fe_known_int(fe_peek(cx, range, "levelCount"), &mips) &&
        fe_known_int(fe_peek(cx, range, "baseArrayLayer"), &base_layer) &&
        fe_known_int(fe_peek(cx, range, "layerCount"), &layers))
        return vks_image_region(res, (uint32_t)aspect, (uint32_t)base_mip,
                                (uint32_t)mips, (uint32_t)base_layer,
                                (uint32_t)layers);
    return (vks_region){.res = res, .range_known = false};
}

vks_region fe_subresource_layers(fe_ctx *cx, vks_res_id res, const fe_val *layers)
{
    uint64_t aspect, mip, base_layer, count;
    if (res != VKS_RES_UNKNOWN && layers &&
        fe_known_int(fe_peek(cx, layers, "aspectMask"), &aspect) &&
        fe_known_int(fe_peek(cx, layers, "mipLevel"), &mip) &&
        fe_known_int(fe_peek(cx, layers, "baseArrayLayer"), &base_layer) &&
        fe_known_int(fe_peek(cx, layers, "layerCount"), &count))
        return vks_image_region(res, (uint32_t)aspect, (uint32_t)mip, 1,
                                (uint32_t)base_layer, (uint32_t)count);
    return (vks_region){.res = res, .range_known = false};
}
