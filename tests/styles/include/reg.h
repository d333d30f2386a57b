/*
 * reg.h - a string-keyed resource registry: the renderer's buffers and
 * images are created under names ("gbuffer.albedo", "lights.list") and
 * every pass looks up what it needs by name.  The registry is a small
 * open-addressing hash table (FNV-1a, linear probing, strcmp on the
 * names); the names are not copied, string literals are expected.
 * Device, memory and command buffers come from lite.h.
 *
 *     struct registry reg;
 *     reg_init(&reg, &ctx);
 *     res_image(&reg, "gbuffer.albedo", 64, 64);
 *     ...
 *     struct res *albedo = res_get(&reg, "gbuffer.albedo");
 *     vkCmdClearColorImage(cmd, albedo->image, ...);
 */
#ifndef REG_H
#define REG_H

#include "lite.h"

#define REG_CAPACITY 32 /* a power of two */

enum res_kind { RES_BUFFER, RES_IMAGE };

struct res {
    const char *name; /* NULL: an empty slot */
    enum res_kind kind;
    VkDeviceMemory memory;
    VkBuffer buffer;
    VkDeviceSize size;
    void *mapped;
    VkImage image;
    uint32_t width, height;
};

struct registry {
    struct lite *ctx;
    struct res slots[REG_CAPACITY];
    unsigned count;
};

static inline uint32_t reg_hash(const char *name)
{
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        h ^= *p;
        h *= 16777619u;
    }
    return h;
}

static inline void reg_init(struct registry *reg, struct lite *ctx)
{
    memset(reg, 0, sizeof(*reg));
    reg->ctx = ctx;
}

/* The slot holding name, or the empty slot where it would go. */
static inline struct res *reg_probe(struct registry *reg, const char *name)
{
    uint32_t i = reg_hash(name) & (REG_CAPACITY - 1);
    for (unsigned n = 0; n < REG_CAPACITY; n++) {
        struct res *slot = &reg->slots[i];
        if (slot->name == NULL || strcmp(slot->name, name) == 0)
            return slot;
        i = (i + 1) & (REG_CAPACITY - 1);
    }
    return NULL;
}

/* The resource registered under name; exits if there is none, the way a
 * renderer asserts on a typo in a pass. */
static inline struct res *res_get(struct registry *reg, const char *name)
{
    struct res *slot = reg_probe(reg, name);
    if (slot == NULL || slot->name == NULL) {
        fprintf(stderr, "reg: no resource named \"%s\"\n", name);
        exit(1);
    }
    return slot;
}

static inline struct res *reg_claim(struct registry *reg, const char *name)
{
    struct res *slot = reg_probe(reg, name);
    if (slot == NULL || slot->name != NULL || reg->count + 1 > REG_CAPACITY / 2) {
        fprintf(stderr, "reg: cannot register \"%s\"\n", name);
        exit(1);
    }
    slot->name = name;
    reg->count++;
    return slot;
}

static inline struct res *res_buffer(struct registry *reg, const char *name, VkDeviceSize size)
{
    struct res *r = reg_claim(reg, name);
    r->kind = RES_BUFFER;
    r->size = size;
    if (lite_buffer(reg->ctx, size,
                    VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                    &r->buffer, &r->memory) != VK_SUCCESS ||
        vkMapMemory(reg->ctx->device, r->memory, 0, VK_WHOLE_SIZE, 0, &r->mapped) != VK_SUCCESS) {
        fprintf(stderr, "reg: cannot create buffer \"%s\"\n", name);
        exit(1);
    }
    return r;
}

static inline struct res *res_image(struct registry *reg, const char *name, uint32_t width,
                                    uint32_t height)
{
    struct res *r = reg_claim(reg, name);
    r->kind = RES_IMAGE;
    r->width = width;
    r->height = height;
    if (lite_image(reg->ctx, width, height,
                   VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                   &r->image, &r->memory) != VK_SUCCESS) {
        fprintf(stderr, "reg: cannot create image \"%s\"\n", name);
        exit(1);
    }
    return r;
}

/* Barriers on a registered resource (the whole buffer, or the image's one
 * color subresource). */
static inline void res_buffer_barrier(VkCommandBuffer cmd, const struct res *r,
                                      VkPipelineStageFlags src_stage, VkAccessFlags src_access,
                                      VkPipelineStageFlags dst_stage, VkAccessFlags dst_access)
{
    VkBufferMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
        .srcAccessMask = src_access,
        .dstAccessMask = dst_access,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .buffer = r->buffer,
        .offset = 0,
        .size = VK_WHOLE_SIZE,
    };
    vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 1, &b, 0, NULL);
}

static inline void res_image_barrier(VkCommandBuffer cmd, const struct res *r,
                                     VkPipelineStageFlags src_stage, VkAccessFlags src_access,
                                     VkPipelineStageFlags dst_stage, VkAccessFlags dst_access,
                                     VkImageLayout old_layout, VkImageLayout new_layout)
{
    VkImageMemoryBarrier b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .srcAccessMask = src_access,
        .dstAccessMask = dst_access,
        .oldLayout = old_layout,
        .newLayout = new_layout,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = r->image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1, &b);
}

#endif
