// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 57
// Passes recorded by a variadic function: record_passes(cmd, &frame, n,
// PASS_A, PASS_B, ...) walks its arguments with va_arg and records each
// pass from its parameters, a tagged union per pass (one struct for each
// kind of pass) kept in a table indexed by the pass id.  The frame fills
// a staging buffer, uploads it into the mesh buffer and bakes the mesh
// into the readback buffer; the call lists PASS_SYNC after the upload but
// not after the fill, so the upload reads the staging buffer unordered.
#include <stdarg.h>

#include "lite.h"

#define BYTES 2048

enum pass_id { PASS_FILL, PASS_SYNC, PASS_UPLOAD, PASS_BAKE, PASS_HOST, PASS_COUNT };
enum pass_kind { KIND_FILL, KIND_COPY, KIND_BARRIER };

struct pass_params {
    enum pass_kind kind;
    const char *name;
    union {
        struct {
            VkBuffer dst;
            VkDeviceSize offset, size;
            uint32_t value;
        } fill;
        struct {
            VkBuffer src, dst;
            VkDeviceSize size;
        } copy;
        struct {
            VkPipelineStageFlags src_stage, dst_stage;
            VkAccessFlags src_access, dst_access;
        } barrier;
    } u;
};

struct frame {
    struct pass_params passes[PASS_COUNT];
    unsigned recorded;
};

static void record_passes(VkCommandBuffer cmd, struct frame *f, int count, ...)
{
    va_list ap;

    va_start(ap, count);
    for (int i = 0; i < count; i++) {
        const struct pass_params *p = &f->passes[va_arg(ap, int)];

        switch (p->kind) {
        case KIND_FILL:
            vkCmdFillBuffer(cmd, p->u.fill.dst, p->u.fill.offset, p->u.fill.size, p->u.fill.value);
            break;
        case KIND_COPY: {
            VkBufferCopy region = {0, 0, p->u.copy.size};
            vkCmdCopyBuffer(cmd, p->u.copy.src, p->u.copy.dst, 1, &region);
            break;
        }
        case KIND_BARRIER: {
            VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                  .srcAccessMask = p->u.barrier.src_access,
                                  .dstAccessMask = p->u.barrier.dst_access};
            vkCmdPipelineBarrier(cmd, p->u.barrier.src_stage, p->u.barrier.dst_stage, 0, 1, &mb, 0, NULL, 0, NULL);
            break;
        }
        }
        f->recorded++;
    }
    va_end(ap);
}

int main(void)
{
    struct lite ctx;
    VkBuffer staging, mesh, readback;
    VkDeviceMemory memory[3];
    VkCommandBuffer cmd;
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    if (lite_init(&ctx) != 0)
        return 1;
    if (lite_buffer(&ctx, BYTES, usage, &staging, &memory[0]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &mesh, &memory[1]) != VK_SUCCESS ||
        lite_buffer(&ctx, BYTES, usage, &readback, &memory[2]) != VK_SUCCESS)
        return 1;

    struct frame frame = {
        .passes = {
            [PASS_FILL] = {KIND_FILL, "fill", .u.fill = {staging, 0, BYTES, 0x3f800000}},
            [PASS_SYNC] = {KIND_BARRIER, "sync", .u.barrier = {VK_PIPELINE_STAGE_TRANSFER_BIT,
                                                              VK_PIPELINE_STAGE_TRANSFER_BIT,
                                                              VK_ACCESS_TRANSFER_WRITE_BIT,
                                                              VK_ACCESS_TRANSFER_READ_BIT}},
            [PASS_UPLOAD] = {KIND_COPY, "upload", .u.copy = {staging, mesh, BYTES}},
            [PASS_BAKE] = {KIND_COPY, "bake", .u.copy = {mesh, readback, BYTES}},
            [PASS_HOST] = {KIND_BARRIER, "host", .u.barrier = {VK_PIPELINE_STAGE_TRANSFER_BIT,
                                                              VK_PIPELINE_STAGE_HOST_BIT,
                                                              VK_ACCESS_TRANSFER_WRITE_BIT,
                                                              VK_ACCESS_HOST_READ_BIT}},
        },
    };

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    record_passes(cmd, &frame, 5, PASS_FILL, PASS_UPLOAD, PASS_SYNC, PASS_BAKE, PASS_HOST);
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    printf("%u passes recorded\n", frame.recorded);
    return 0;
}
