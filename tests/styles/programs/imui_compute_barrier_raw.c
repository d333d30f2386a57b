// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 121
// An immediate-mode UI (imui.h, nuklear / Dear ImGui style) rendered by
// the program's backend as Dear ImGui's Vulkan backend does it: the draw
// lists are memcpy'd into a mapped upload buffer and copied, both regions
// by one vkCmdCopyBuffer, into a device-local buffer with the same layout
// (vertices first, indices at INDEX_OFFSET), which a compute pass consumes
// (the headless corpus's rasterizer: ml_add reads the vertices and the
// indices and writes the viewport's region of the frame's screen buffer),
// with a descriptor set from the frame's pool.  Two frames in
// flight, a fence each, and render buffers per frame and viewport.  The
// backend was ported from the one that draws the lists with a graphics
// pipeline, and its upload barrier still names what a draw reads them
// with: VERTEX_INPUT, VERTEX_ATTRIBUTE_READ | INDEX_READ.  The compute
// pass that consumes them now is not in that barrier's second scope, and
// reads the copied vertices and indices unsynchronized.
#include "gd.h"
#include "imui.h"
#include "ml_kernels.h"

#define FRAMES_IN_FLIGHT 2
#define FRAME_COUNT 3
#define VIEWPORTS 2
#define INDEX_OFFSET 8192 /* in the upload buffer */
#define UPLOAD_BYTES (INDEX_OFFSET + UI_MAX_INDICES * sizeof(ui_index))
#define SCREEN_BYTES 16384
#define VIEWPORT_BYTES (SCREEN_BYTES / VIEWPORTS)

struct render_buffers {
    VkBuffer upload, device;
    VkDeviceMemory upload_memory, device_memory;
    uint8_t *map;
};

struct frame {
    struct render_buffers render_buffers[VIEWPORTS];
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkFence fence;
    VkDescriptorPool descriptors; /* reset when the frame starts again */
    VkBuffer screen;
    VkDeviceMemory screen_memory;
};

struct raster_params {
    uint32_t n, taps;
    float alpha;
};

static struct lite vk;
static struct gd_technique raster;

static int create_render_buffers(struct render_buffers *rb)
{
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                     VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    if (lite_buffer(&vk, UPLOAD_BYTES, usage, &rb->upload, &rb->upload_memory) != VK_SUCCESS ||
        lite_buffer(&vk, UPLOAD_BYTES, usage, &rb->device, &rb->device_memory) != VK_SUCCESS)
        return -1;
    return vkMapMemory(vk.device, rb->upload_memory, 0, VK_WHOLE_SIZE, 0, (void **)&rb->map) == VK_SUCCESS ? 0 : -1;
}

static VkDescriptorSet raster_set(struct frame *f, const struct render_buffers *rb,
                                  VkDeviceSize target_offset)
{
    VkDescriptorSet set;
    VkDescriptorSetAllocateInfo dsai = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorPool = f->descriptors,
        .descriptorSetCount = 1,
        .pSetLayouts = &raster.set_layout,
    };
    GD_CHECK(vkAllocateDescriptorSets(vk.device, &dsai, &set));
    VkDescriptorBufferInfo info[3] = {
        {rb->device, 0, INDEX_OFFSET},
        {rb->device, INDEX_OFFSET, VK_WHOLE_SIZE},
        {f->screen, target_offset, VIEWPORT_BYTES},
    };
    VkWriteDescriptorSet writes[3];
    for (uint32_t b = 0; b < 3; b++)
        writes[b] = (VkWriteDescriptorSet){
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
            .dstSet = set,
            .dstBinding = b,
            .descriptorCount = 1,
            .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
            .pBufferInfo = &info[b],
        };
    vkUpdateDescriptorSets(vk.device, 3, writes, 0, NULL);
    return set;
}

static int render_draw_data(const struct ui_context *ui, struct frame *f, int viewport,
                            VkDeviceSize target_offset)
{
    const VkDeviceSize vertex_bytes = ui->vertex_count * sizeof(struct ui_vertex);
    const VkDeviceSize index_bytes = ui->index_count * sizeof(ui_index);

    struct render_buffers *rb = &f->render_buffers[viewport];
    if (rb->upload == VK_NULL_HANDLE && create_render_buffers(rb) != 0)
        return -1;

    memcpy(rb->map, ui->vertices, vertex_bytes);
    memcpy(rb->map + INDEX_OFFSET, ui->indices, index_bytes);
    VkBufferCopy regions[2] = {
        {.srcOffset = 0, .dstOffset = 0, .size = vertex_bytes},
        {.srcOffset = INDEX_OFFSET, .dstOffset = INDEX_OFFSET, .size = index_bytes},
    };
    vkCmdCopyBuffer(f->cmd, rb->upload, rb->device, 2, regions);
    VkMemoryBarrier uploaded = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_INDEX_READ_BIT,
    };
    vkCmdPipelineBarrier(f->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_VERTEX_INPUT_BIT, 0, 1,
                         &uploaded, 0, NULL, 0, NULL);
    VkDescriptorSet set = raster_set(f, rb, target_offset);
    struct raster_params params = {(uint32_t)(index_bytes / sizeof(float)), 0, 1.0f};
    vkCmdBindPipeline(f->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, raster.pipeline);
    vkCmdBindDescriptorSets(f->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, raster.layout, 0, 1, &set, 0, NULL);
    vkCmdPushConstants(f->cmd, raster.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof params, &params);
    vkCmdDispatch(f->cmd, (params.n + 63) / 64, 1, 1);
    return 0;
}

static void build_ui(struct ui_context *ui, uint32_t frame, int viewport)
{
    ui_new_frame(ui, 640, 480);
    if (viewport == 0) {
        if (ui_begin(ui, "Scene", 0, 0, 200, 120)) {
            ui_label(ui, frame & 1 ? "odd frame" : "even frame");
            ui_label(ui, "objects: 12");
        }
    } else {
        if (ui_begin(ui, "Tools", 0, 0, 160, 80))
            ui_label(ui, "brush");
    }
    ui_end(ui);
}

int main(void)
{
    static struct ui_context ui;
    static struct frame frames[FRAMES_IN_FLIGHT];

    if (lite_init(&vk) != 0)
        return 1;
    gd_technique_init(&vk, &raster, ml_add_spv, sizeof ml_add_spv, 3, sizeof(struct raster_params));
    for (uint32_t i = 0; i < FRAMES_IN_FLIGHT; i++) {
        VkCommandPoolCreateInfo pci = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
            .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
            .queueFamilyIndex = vk.family,
        };
        VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO, .flags = VK_FENCE_CREATE_SIGNALED_BIT};
        VkDescriptorPoolSize sizes = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 3 * VIEWPORTS};
        VkDescriptorPoolCreateInfo dpci = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
            .maxSets = VIEWPORTS,
            .poolSizeCount = 1,
            .pPoolSizes = &sizes,
        };
        if (vkCreateCommandPool(vk.device, &pci, NULL, &frames[i].pool) != VK_SUCCESS ||
            vkCreateFence(vk.device, &fci, NULL, &frames[i].fence) != VK_SUCCESS ||
            vkCreateDescriptorPool(vk.device, &dpci, NULL, &frames[i].descriptors) != VK_SUCCESS)
            return 1;
        VkCommandBufferAllocateInfo cai = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
            .commandPool = frames[i].pool,
            .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
            .commandBufferCount = 1,
        };
        if (vkAllocateCommandBuffers(vk.device, &cai, &frames[i].cmd) != VK_SUCCESS ||
            lite_buffer(&vk, SCREEN_BYTES, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &frames[i].screen,
                        &frames[i].screen_memory) != VK_SUCCESS)
            return 1;
    }

    for (uint32_t n = 0; n < FRAME_COUNT; n++) {
        struct frame *f = &frames[n % FRAMES_IN_FLIGHT];
        vkWaitForFences(vk.device, 1, &f->fence, VK_TRUE, UINT64_MAX);
        vkResetFences(vk.device, 1, &f->fence);
        vkResetCommandPool(vk.device, f->pool, 0);
        vkResetDescriptorPool(vk.device, f->descriptors, 0);
        VkCommandBufferBeginInfo begin = {
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
            .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
        };
        vkBeginCommandBuffer(f->cmd, &begin);
        for (int v = 0; v < VIEWPORTS; v++) {
            build_ui(&ui, n, v);
            if (render_draw_data(&ui, f, v, (VkDeviceSize)v * VIEWPORT_BYTES) != 0)
                return 1;
        }
        vkEndCommandBuffer(f->cmd);
        VkSubmitInfo si = {
            .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
            .commandBufferCount = 1,
            .pCommandBuffers = &f->cmd,
        };
        if (vkQueueSubmit(vk.queue, 1, &si, f->fence) != VK_SUCCESS)
            return 1;
    }
    vkDeviceWaitIdle(vk.device);
    printf("%d frames, %d viewports each\n", FRAME_COUNT, VIEWPORTS);
    return 0;
}
