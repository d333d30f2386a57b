/* A 2D renderer in a scene-graph toolkit's idiom: the frame is a list of
   operations, a pass over them picks each one's descriptor set by its kind
   (a switch of six kinds), and the recording pass binds the set each
   operation picked.  The set index is computed where nothing is recorded,
   so each operation's switch is run every way and joined, and the index
   becomes unknown; the bind reads it.  Splitting that join so the bind
   could see each index made every kind of every operation a path of its
   own (a split region is never joined again): six ways per operation,
   for every operation.  The index stays unknown instead, and the upload
   the frame starts with is still checked: its fill and copy race without
   a barrier (the read-after-write); with WITH_BARRIER, silence. */
#include <stdint.h>
#include <vulkan/vulkan.h>

enum op_kind { OP_COLOR, OP_TEXTURE, OP_TEXT, OP_BLUR, OP_BORDER, OP_SHADOW };

struct op {
    enum op_kind kind;
    int has_source;
    uint32_t set;
};

struct frame {
    VkCommandBuffer cmd;
    VkPipelineLayout layout;
    VkDescriptorSet sets[4];
    VkBuffer staging;
    VkBuffer vertices;
    struct op *ops;
    unsigned n_ops;
};

static void pick_sets(struct frame *f)
{
    for (unsigned i = 0; i < f->n_ops; i++) {
        struct op *op = &f->ops[i];
        switch (op->kind) {
        case OP_TEXTURE:
            op->set = op->has_source ? 1 : 0;
            break;
        case OP_TEXT:
            op->set = 2;
            break;
        case OP_BLUR:
            op->set = 3;
            break;
        case OP_BORDER:
        case OP_SHADOW:
            op->set = 0;
            break;
        case OP_COLOR:
        default:
            op->set = 1;
            break;
        }
    }
}

void frame_record(struct frame *f)
{
    pick_sets(f);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(f->cmd, &begin);
    vkCmdFillBuffer(f->cmd, f->staging, 0, 4096, 0);
#ifdef WITH_BARRIER
    VkMemoryBarrier filled = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                              .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                              .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(f->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &filled, 0, NULL, 0, NULL);
#endif
    VkBufferCopy upload = {.size = 4096};
    vkCmdCopyBuffer(f->cmd, f->staging, f->vertices, 1, &upload);
    for (unsigned i = 0; i < f->n_ops; i++)
        vkCmdBindDescriptorSets(f->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, f->layout, 0, 1,
                                &f->sets[f->ops[i].set], 0, NULL);
    vkEndCommandBuffer(f->cmd);
}
