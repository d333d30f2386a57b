// EXPECT: SYNC-HAZARD-WRITE-AFTER-READ at line 59
// A render graph as engines write one (rg.h): resources registered with
// the graph, passes declared with the resources they use and how, recorded
// in order by rg_execute(), which emits each declared use's barrier from the
// resource's tracked last access.  Transient resources are placed in one
// pool buffer: "histogram" (used by the first two passes) and "scratch"
// (used by the last two) have disjoint lifetimes, so the allocator gives
// them the same range.  "build" copies the staging data into the histogram,
// "resolve" copies the histogram out, "clear" fills the scratch range and
// "export" copies it out.
// The graph tracks each resource on its own: scratch has no last access
// yet, so no barrier comes before clear's fill, which overwrites the range
// that resolve's copy is still reading as the histogram.
#include "rg.h"

#define BINS 64
#define BIN_BYTES (BINS * 4)

struct transient {
    struct vk_buffer staging;
    struct vk_buffer pool;          /* both transient resources live here */
    struct vk_buffer resolved;
    struct vk_buffer exported;
};

static const struct rg_state access_table[RG_ACCESS_COUNT] = {
    [RG_TRANSFER_READ] = {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                          VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL},
    [RG_TRANSFER_WRITE] = {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL},
    [RG_COMPUTE_READ] = {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT,
                         VK_IMAGE_LAYOUT_GENERAL},
    [RG_COMPUTE_WRITE] = {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                          VK_IMAGE_LAYOUT_GENERAL},
    [RG_HOST_READ] = {VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT,
                      VK_IMAGE_LAYOUT_GENERAL},
};

static void build_pass(VkCommandBuffer cmd, struct rg_graph *graph, void *user)
{
    struct transient *t = user;
    VkBufferCopy region = {0, 0, BIN_BYTES};
    (void)graph;
    vkCmdCopyBuffer(cmd, t->staging.buffer, t->pool.buffer, 1, &region);
}

static void resolve_pass(VkCommandBuffer cmd, struct rg_graph *graph, void *user)
{
    struct transient *t = user;
    VkBufferCopy region = {0, 0, BIN_BYTES};
    (void)graph;
    vkCmdCopyBuffer(cmd, t->pool.buffer, t->resolved.buffer, 1, &region);
}

static void clear_pass(VkCommandBuffer cmd, struct rg_graph *graph, void *user)
{
    struct transient *t = user;
    (void)graph;
    vkCmdFillBuffer(cmd, t->pool.buffer, 0, BIN_BYTES, 0x5a5a5a5au);
}

static void export_pass(VkCommandBuffer cmd, struct rg_graph *graph, void *user)
{
    struct transient *t = user;
    VkBufferCopy region = {0, 0, BIN_BYTES};
    (void)graph;
    vkCmdCopyBuffer(cmd, t->pool.buffer, t->exported.buffer, 1, &region);
}

int main(void)
{
    vulkan_context_t ctx;
    struct transient t;
    struct rg_graph graph;
    struct rg_pass *pass;
    int staging, histogram, scratch, resolved, exported;
    VkCommandBuffer cmd;
    uint32_t *bins;
    unsigned i;

    if (!vulkan_context_init(&ctx, 1))
        return 1;
    t.staging = vulkan_create_buffer(&ctx, BIN_BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    t.pool = vulkan_create_buffer(&ctx, BIN_BYTES,
                                  VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                  VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    t.resolved = vulkan_create_buffer(&ctx, BIN_BYTES, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    t.exported = vulkan_create_buffer(&ctx, BIN_BYTES, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    bins = t.staging.mapped;
    for (i = 0; i < BINS; i++)
        bins[i] = i * i;

    rg_init(&graph, &ctx, access_table);
    staging = rg_buffer(&graph, "staging", t.staging.buffer, 0, BIN_BYTES);
    histogram = rg_buffer(&graph, "histogram", t.pool.buffer, 0, BIN_BYTES);
    scratch = rg_buffer(&graph, "scratch", t.pool.buffer, 0, BIN_BYTES);
    resolved = rg_buffer(&graph, "resolved", t.resolved.buffer, 0, BIN_BYTES);
    exported = rg_buffer(&graph, "exported", t.exported.buffer, 0, BIN_BYTES);

    pass = rg_add_pass(&graph, "build", build_pass, &t);
    rg_use(pass, staging, RG_TRANSFER_READ);
    rg_use(pass, histogram, RG_TRANSFER_WRITE);
    pass = rg_add_pass(&graph, "resolve", resolve_pass, &t);
    rg_use(pass, histogram, RG_TRANSFER_READ);
    rg_use(pass, resolved, RG_TRANSFER_WRITE);
    pass = rg_add_pass(&graph, "clear", clear_pass, &t);
    rg_use(pass, scratch, RG_TRANSFER_WRITE);
    pass = rg_add_pass(&graph, "export", export_pass, &t);
    rg_use(pass, scratch, RG_TRANSFER_READ);
    rg_use(pass, exported, RG_TRANSFER_WRITE);

    cmd = rg_begin(&ctx);
    rg_execute(&graph, cmd);
    rg_barrier(&graph, resolved, RG_HOST_READ);     /* the host reads the outputs */
    rg_barrier(&graph, exported, RG_HOST_READ);
    rg_submit_wait(&ctx, cmd);
    printf("resolved[3] = %u, exported[3] = 0x%08x\n",
           ((const uint32_t *)t.resolved.mapped)[3], ((const uint32_t *)t.exported.mapped)[3]);
    return 0;
}
