/* An encoder element written in the GObject manner with a COM-style
   interface beside it: `struct encoder` begins with its parent
   `struct element` (so a cast of the parent's address is the encoder) and
   embeds a `struct sink_iface` further in, whose method finds the encoder
   again with container_of.  The clear is called through the interface's
   const ops table, the copy through the parent; without -DWITH_BARRIER
   the copy reads the staging buffer right after the clear wrote it. */
#include <stddef.h>
#include <vulkan/vulkan.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct element {
    const char *name;
    int state;
};

struct sink_iface;
struct sink_ops {
    void (*clear)(struct sink_iface *self, VkBuffer buf);
};
struct sink_iface {
    const struct sink_ops *ops;
};

struct encoder {
    struct element parent;  /* first */
    unsigned frames;
    struct sink_iface sink; /* 24 bytes in, on LP64 */
    VkCommandBuffer cmd;
};

static void encoder_sink_clear(struct sink_iface *self, VkBuffer buf)
{
    struct encoder *enc = container_of(self, struct encoder, sink);
    vkCmdFillBuffer(enc->cmd, buf, 0, 4096, 0);
}

static const struct sink_ops encoder_sink_ops = {
    .clear = encoder_sink_clear,
};

static void element_copy_out(struct element *el, VkBuffer src, VkBuffer dst)
{
    struct encoder *enc = (struct encoder *)el;
#ifdef WITH_BARRIER
    VkMemoryBarrier cleared = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
    };
    vkCmdPipelineBarrier(enc->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &cleared, 0, NULL, 0, NULL);
#endif
    VkBufferCopy region = {.srcOffset = 0, .dstOffset = 0, .size = 4096};
    vkCmdCopyBuffer(enc->cmd, src, dst, 1, &region);
}

static void encoder_init(struct encoder *enc, VkCommandBuffer cmd)
{
    enc->parent.name = "encoder";
    enc->parent.state = 0;
    enc->frames = 0;
    enc->sink.ops = &encoder_sink_ops;
    enc->cmd = cmd;
}

void encoder_encode_frame(struct encoder *enc, VkCommandBuffer cmd, VkBuffer staging,
                          VkBuffer out)
{
    encoder_init(enc, cmd);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    struct sink_iface *sink = &enc->sink;
    sink->ops->clear(sink, staging);
    element_copy_out(&enc->parent, staging, out);
    vkEndCommandBuffer(cmd);
    enc->frames++;
}
