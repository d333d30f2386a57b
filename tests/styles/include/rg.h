/*
 * rg.h - a small render graph as engines write one.  Resources are
 * registered with the graph (a buffer range or an image); passes are
 * declared with the resources they use and how (enum rg_access), and a
 * record callback.  The graph keeps each resource's last access (stage,
 * access mask, image layout) and, before each pass, emits the barrier from
 * that state to the pass's declared use (rg_barrier), then calls the pass.
 * The access kinds' stages, access masks and layouts are the program's own
 * table, handed to rg_init().  Context, buffers and textures come from
 * vkretro.h.
 *
 *     struct rg_graph graph;
 *     rg_init(&graph, &ctx, access_table);
 *     int color = rg_image(&graph, "color", tex.image);
 *     struct rg_pass *p = rg_add_pass(&graph, "blit", blit_pass, &state);
 *     rg_use(p, color, RG_TRANSFER_WRITE);
 *     rg_execute(&graph, cmd);
 */
#ifndef RG_H
#define RG_H

#include "vkretro.h"

#define RG_MAX_RESOURCES 16
#define RG_MAX_PASSES 16
#define RG_MAX_USES 4

enum rg_access {
    RG_TRANSFER_READ,
    RG_TRANSFER_WRITE,
    RG_COMPUTE_READ,
    RG_COMPUTE_WRITE,
    RG_HOST_READ,
    RG_ACCESS_COUNT
};

/* What the graph knows of a resource's last use, and what a use needs. */
struct rg_state {
    VkPipelineStageFlags stage;
    VkAccessFlags access;
    VkImageLayout layout;
};

struct rg_resource {
    const char *name;
    VkBuffer buffer;            /* or */
    VkImage image;
    VkDeviceSize offset, size;
    int alias_of;               /* -1, or the resource whose state this one shares */
    struct rg_state last;       /* stage 0: not used yet */
};

struct rg_graph;
typedef void (*rg_record_fn)(VkCommandBuffer cmd, struct rg_graph *graph, void *user);

struct rg_use {
    int resource;
    enum rg_access access;
};

struct rg_pass {
    const char *name;
    struct rg_use uses[RG_MAX_USES];
    unsigned use_count;
    rg_record_fn record;
    void *user;
};

struct rg_graph {
    const vulkan_context_t *ctx;
    const struct rg_state *table;   /* [RG_ACCESS_COUNT] */
    struct rg_resource resources[RG_MAX_RESOURCES];
    unsigned resource_count;
    struct rg_pass passes[RG_MAX_PASSES];
    unsigned pass_count;
    VkCommandBuffer cmd;            /* the one rg_execute records */
};

static void rg_init(struct rg_graph *graph, const vulkan_context_t *ctx,
                    const struct rg_state *table)
{
    memset(graph, 0, sizeof(*graph));
    graph->ctx = ctx;
    graph->table = table;
}

static int rg_buffer(struct rg_graph *graph, const char *name, VkBuffer buffer,
                     VkDeviceSize offset, VkDeviceSize size)
{
    struct rg_resource *res = &graph->resources[graph->resource_count];
    res->name = name;
    res->buffer = buffer;
    res->image = VK_NULL_HANDLE;
    res->offset = offset;
    res->size = size;
    res->alias_of = -1;
    res->last.stage = 0;
    res->last.access = 0;
    res->last.layout = VK_IMAGE_LAYOUT_UNDEFINED;
    return (int)graph->resource_count++;
}

static int rg_image(struct rg_graph *graph, const char *name, VkImage image)
{
    int index = rg_buffer(graph, name, VK_NULL_HANDLE, 0, 0);
    graph->resources[index].image = image;
    return index;
}

/* res is backed by the same memory as of: they share one tracked state. */
static void rg_alias(struct rg_graph *graph, int res, int of)
{
    graph->resources[res].alias_of = of;
}

static struct rg_pass *rg_add_pass(struct rg_graph *graph, const char *name,
                                   rg_record_fn record, void *user)
{
    struct rg_pass *pass = &graph->passes[graph->pass_count++];
    pass->name = name;
    pass->use_count = 0;
    pass->record = record;
    pass->user = user;
    return pass;
}

static void rg_use(struct rg_pass *pass, int resource, enum rg_access access)
{
    pass->uses[pass->use_count].resource = resource;
    pass->uses[pass->use_count].access = access;
    pass->use_count++;
}

/* Emits the barrier from res's tracked state to next_use and records
 * next_use as its state. */
static void rg_barrier(struct rg_graph *graph, int res, enum rg_access next_use)
{
    struct rg_resource *r = &graph->resources[res];
    struct rg_state *last = r->alias_of >= 0 ? &graph->resources[r->alias_of].last : &r->last;
    const struct rg_state *next = &graph->table[next_use];
    VkPipelineStageFlags src_stage = last->stage ? last->stage : VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT;

    if (r->image != VK_NULL_HANDLE) {
        VkImageMemoryBarrier barrier = {VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
        barrier.srcAccessMask = last->access;
        barrier.dstAccessMask = next->access;
        barrier.oldLayout = last->layout;
        barrier.newLayout = next->layout;
        barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        barrier.image = r->image;
        barrier.subresourceRange.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
        barrier.subresourceRange.levelCount = 1;
        barrier.subresourceRange.layerCount = 1;
        vkCmdPipelineBarrier(graph->cmd, src_stage, next->stage, 0,
                             0, NULL, 0, NULL, 1, &barrier);
    } else if (last->stage != 0) {
        VkBufferMemoryBarrier barrier = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
        barrier.srcAccessMask = last->access;
        barrier.dstAccessMask = next->access;
        barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        barrier.buffer = r->buffer;
        barrier.offset = r->offset;
        barrier.size = r->size;
        vkCmdPipelineBarrier(graph->cmd, src_stage, next->stage, 0,
                             0, NULL, 1, &barrier, 0, NULL);
    }
    *last = *next;
}

/* Records every pass in order: its declared uses' barriers, then the pass. */
static void rg_execute(struct rg_graph *graph, VkCommandBuffer cmd)
{
    unsigned p, u;
    graph->cmd = cmd;
    for (p = 0; p < graph->pass_count; p++) {
        struct rg_pass *pass = &graph->passes[p];
        for (u = 0; u < pass->use_count; u++)
            rg_barrier(graph, pass->uses[u].resource, pass->uses[u].access);
        pass->record(cmd, graph, pass->user);
    }
}

/* A compute pipeline whose one storage buffer (set 0, binding 0) the
 * shader fills: values[i] = i * 3 + 1, 16 invocations per workgroup. */
struct rg_compute {
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkPipeline pipeline;
    VkDescriptorPool pool;
    VkDescriptorSet set;
};

/* glslangValidator -V --vn rg_fill_spv of:
 *   layout(local_size_x = 16) in;
 *   layout(set = 0, binding = 0) writeonly buffer Particles { uint values[]; } particles;
 *   void main() { uint i = gl_GlobalInvocationID.x; particles.values[i] = i * 3u + 1u; }
 */
static const uint32_t rg_fill_spv[] = {
    0x07230203, 0x00010000, 0x0008000b, 0x00000020, 0x00000000, 0x00020011, 0x00000001, 0x0006000b,
    0x00000001, 0x4c534c47, 0x6474732e, 0x3035342e, 0x00000000, 0x0003000e, 0x00000000, 0x00000001,
    0x0006000f, 0x00000005, 0x00000004, 0x6e69616d, 0x00000000, 0x0000000b, 0x00060010, 0x00000004,
    0x00000011, 0x00000010, 0x00000001, 0x00000001, 0x00030003, 0x00000002, 0x000001c2, 0x00040005,
    0x00000004, 0x6e69616d, 0x00000000, 0x00030005, 0x00000008, 0x00000069, 0x00080005, 0x0000000b,
    0x475f6c67, 0x61626f6c, 0x766e496c, 0x7461636f, 0x496e6f69, 0x00000044, 0x00050005, 0x00000011,
    0x74726150, 0x656c6369, 0x00000073, 0x00050006, 0x00000011, 0x00000000, 0x756c6176, 0x00007365,
    0x00050005, 0x00000013, 0x74726170, 0x656c6369, 0x00000073, 0x00040047, 0x0000000b, 0x0000000b,
    0x0000001c, 0x00040047, 0x00000010, 0x00000006, 0x00000004, 0x00040048, 0x00000011, 0x00000000,
    0x00000019, 0x00050048, 0x00000011, 0x00000000, 0x00000023, 0x00000000, 0x00030047, 0x00000011,
    0x00000003, 0x00040047, 0x00000013, 0x00000022, 0x00000000, 0x00040047, 0x00000013, 0x00000021,
    0x00000000, 0x00040047, 0x0000001f, 0x0000000b, 0x00000019, 0x00020013, 0x00000002, 0x00030021,
    0x00000003, 0x00000002, 0x00040015, 0x00000006, 0x00000020, 0x00000000, 0x00040020, 0x00000007,
    0x00000007, 0x00000006, 0x00040017, 0x00000009, 0x00000006, 0x00000003, 0x00040020, 0x0000000a,
    0x00000001, 0x00000009, 0x0004003b, 0x0000000a, 0x0000000b, 0x00000001, 0x0004002b, 0x00000006,
    0x0000000c, 0x00000000, 0x00040020, 0x0000000d, 0x00000001, 0x00000006, 0x0003001d, 0x00000010,
    0x00000006, 0x0003001e, 0x00000011, 0x00000010, 0x00040020, 0x00000012, 0x00000002, 0x00000011,
    0x0004003b, 0x00000012, 0x00000013, 0x00000002, 0x00040015, 0x00000014, 0x00000020, 0x00000001,
    0x0004002b, 0x00000014, 0x00000015, 0x00000000, 0x0004002b, 0x00000006, 0x00000018, 0x00000003,
    0x0004002b, 0x00000006, 0x0000001a, 0x00000001, 0x00040020, 0x0000001c, 0x00000002, 0x00000006,
    0x0004002b, 0x00000006, 0x0000001e, 0x00000010, 0x0006002c, 0x00000009, 0x0000001f, 0x0000001e,
    0x0000001a, 0x0000001a, 0x00050036, 0x00000002, 0x00000004, 0x00000000, 0x00000003, 0x000200f8,
    0x00000005, 0x0004003b, 0x00000007, 0x00000008, 0x00000007, 0x00050041, 0x0000000d, 0x0000000e,
    0x0000000b, 0x0000000c, 0x0004003d, 0x00000006, 0x0000000f, 0x0000000e, 0x0003003e, 0x00000008,
    0x0000000f, 0x0004003d, 0x00000006, 0x00000016, 0x00000008, 0x0004003d, 0x00000006, 0x00000017,
    0x00000008, 0x00050084, 0x00000006, 0x00000019, 0x00000017, 0x00000018, 0x00050080, 0x00000006,
    0x0000001b, 0x00000019, 0x0000001a, 0x00060041, 0x0000001c, 0x0000001d, 0x00000013, 0x00000015,
    0x00000016, 0x0003003e, 0x0000001d, 0x0000001b, 0x000100fd, 0x00010038,
};

static struct rg_compute rg_create_fill_pipeline(const vulkan_context_t *ctx, VkBuffer buffer,
                                                 VkDeviceSize size)
{
    struct rg_compute c;
    VkDescriptorSetLayoutBinding binding = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                            VK_SHADER_STAGE_COMPUTE_BIT, NULL};
    VkDescriptorSetLayoutCreateInfo set_info = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    VkPipelineLayoutCreateInfo layout_info = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    VkShaderModuleCreateInfo module_info = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    VkComputePipelineCreateInfo pipe_info = {VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    VkDescriptorPoolSize pool_size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
    VkDescriptorPoolCreateInfo pool_info = {VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    VkDescriptorSetAllocateInfo alloc = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    VkDescriptorBufferInfo buffer_info = {buffer, 0, size};
    VkWriteDescriptorSet write = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    VkShaderModule module;

    set_info.bindingCount = 1;
    set_info.pBindings = &binding;
    vkCreateDescriptorSetLayout(ctx->device, &set_info, NULL, &c.set_layout);
    layout_info.setLayoutCount = 1;
    layout_info.pSetLayouts = &c.set_layout;
    vkCreatePipelineLayout(ctx->device, &layout_info, NULL, &c.layout);
    module_info.codeSize = sizeof(rg_fill_spv);
    module_info.pCode = rg_fill_spv;
    vkCreateShaderModule(ctx->device, &module_info, NULL, &module);
    pipe_info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    pipe_info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipe_info.stage.module = module;
    pipe_info.stage.pName = "main";
    pipe_info.layout = c.layout;
    vkCreateComputePipelines(ctx->device, VK_NULL_HANDLE, 1, &pipe_info, NULL, &c.pipeline);
    vkDestroyShaderModule(ctx->device, module, NULL);
    pool_info.maxSets = 1;
    pool_info.poolSizeCount = 1;
    pool_info.pPoolSizes = &pool_size;
    vkCreateDescriptorPool(ctx->device, &pool_info, NULL, &c.pool);
    alloc.descriptorPool = c.pool;
    alloc.descriptorSetCount = 1;
    alloc.pSetLayouts = &c.set_layout;
    vkAllocateDescriptorSets(ctx->device, &alloc, &c.set);
    write.dstSet = c.set;
    write.dstBinding = 0;
    write.descriptorCount = 1;
    write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    write.pBufferInfo = &buffer_info;
    vkUpdateDescriptorSets(ctx->device, 1, &write, 0, NULL);
    return c;
}

/* One primary command buffer from the context's pool, begun. */
static VkCommandBuffer rg_begin(const vulkan_context_t *ctx)
{
    VkCommandBuffer cmd;
    VkCommandBufferAllocateInfo alloc = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    VkCommandBufferBeginInfo begin = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    alloc.commandPool = ctx->cmd_pool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    vkAllocateCommandBuffers(ctx->device, &alloc, &cmd);
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    vkBeginCommandBuffer(cmd, &begin);
    return cmd;
}

/* Ends, submits and waits for cmd. */
static void rg_submit_wait(const vulkan_context_t *ctx, VkCommandBuffer cmd)
{
    VkSubmitInfo submit = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
    VkFenceCreateInfo fence_info = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence;
    vkEndCommandBuffer(cmd);
    vkCreateFence(ctx->device, &fence_info, NULL, &fence);
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cmd;
    vkQueueSubmit(ctx->queue, 1, &submit, fence);
    vkWaitForFences(ctx->device, 1, &fence, VK_TRUE, UINT64_MAX);
    vkDestroyFence(ctx->device, fence, NULL);
}

#endif
