/*
 * ml.h - a small compute-graph executor, as inference libraries in C write
 * one.  Tensors are float ranges of one host-visible arena buffer; ops
 * (add, scale, a 1-D convolution) sit in the order they were added, which is
 * a topological order, and each is one dispatch of a kernel from
 * ml_kernels.h with its own descriptor set (inputs at bindings 0 and 1, the
 * output at 2) and its parameters as push constants.  The application walks
 * ml.ops in its graph_compute() and asks the tracking table (struct
 * ml_track: the step of each tensor's last write and its stage) whether a
 * barrier is due:
 *
 *     struct ml ml;
 *     if (ml_init(&ml, 1 << 16) != 0) return 1;     // no device; later failures abort
 *     int x = ml_tensor(&ml, "x", 256), y = ml_tensor(&ml, "y", 256);
 *     ml_scale(&ml, x, 0.5f, y);
 *     VkCommandBuffer cmd = ml_begin(&ml);
 *     ... for each op: ml_pending() -> ml_barrier(); ml_bind(); vkCmdDispatch(); ml_wrote() ...
 *     ml_run(&ml, cmd);                    // submit, wait for the fence
 */
#ifndef ML_H
#define ML_H

#include "lite.h"
#include "ml_kernels.h"

#define ML_MAX_TENSORS 16
#define ML_MAX_OPS 16
#define ML_ALIGN 256            /* covers minStorageBufferOffsetAlignment */
#define ML_GROUP 64             /* the kernels' local_size_x */

/* A failed call past device creation is a bug or a lost device: abort. */
#define ML_CHECK(call)                                                          \
    do {                                                                        \
        VkResult ml_result_ = (call);                                           \
        if (ml_result_ != VK_SUCCESS) {                                         \
            fprintf(stderr, "ml: %s failed (%d) at %s:%d\n", #call, ml_result_, \
                    __FILE__, __LINE__);                                        \
            abort();                                                            \
        }                                                                       \
    } while (0)

enum ml_kernel { ML_ADD, ML_SCALE, ML_CONV1D, ML_KERNEL_COUNT };

struct ml_params {              /* the kernels' push constants */
    uint32_t n;
    uint32_t taps;
    float alpha;
};

struct ml_tensor {
    const char *name;
    VkDeviceSize offset;        /* into the arena */
    uint32_t n;                 /* floats */
};

struct ml_op {
    enum ml_kernel kernel;
    int src[2];                 /* tensors read, -1: none */
    int dst;                    /* the tensor written */
    struct ml_params params;
    VkDescriptorSet set;
};

struct ml {
    struct lite vk;
    VkBuffer arena;
    VkDeviceMemory arena_memory;
    float *host;                /* the arena, mapped */
    VkDeviceSize arena_size, arena_used;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkPipeline pipelines[ML_KERNEL_COUNT];
    VkDescriptorPool descriptors;
    VkFence fence;
    struct ml_tensor tensors[ML_MAX_TENSORS];
    int n_tensors;
    struct ml_op ops[ML_MAX_OPS];
    int n_ops;
};

/* What the executor knows: every recorded command is a step. */
struct ml_track {
    int step;
    int barrier;                                /* the step of the last barrier */
    int written[ML_MAX_TENSORS];                /* step of the last write, -1: none */
    int read[ML_MAX_TENSORS];                   /* step of the last read, -1: none */
    VkPipelineStageFlags stage[ML_MAX_TENSORS]; /* the last write's stage */
};

static VkPipeline ml_pipeline(struct ml *ml, const uint32_t *code, size_t bytes)
{
    VkShaderModuleCreateInfo smci = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = bytes,
        .pCode = code,
    };
    VkShaderModule module;
    VkPipeline pipeline;
    ML_CHECK(vkCreateShaderModule(ml->vk.device, &smci, NULL, &module));
    VkComputePipelineCreateInfo cpci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT,
            .module = module,
            .pName = "main",
        },
        .layout = ml->layout,
    };
    ML_CHECK(vkCreateComputePipelines(ml->vk.device, VK_NULL_HANDLE, 1, &cpci, NULL, &pipeline));
    vkDestroyShaderModule(ml->vk.device, module, NULL);
    return pipeline;
}

static int ml_init(struct ml *ml, VkDeviceSize arena_size)
{
    memset(ml, 0, sizeof *ml);
    if (lite_init(&ml->vk) != 0)
        return -1;
    ML_CHECK(lite_buffer(&ml->vk, arena_size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                         VK_BUFFER_USAGE_TRANSFER_DST_BIT, &ml->arena, &ml->arena_memory));
    ML_CHECK(vkMapMemory(ml->vk.device, ml->arena_memory, 0, VK_WHOLE_SIZE, 0,
                         (void **)&ml->host));
    ml->arena_size = arena_size;

    VkDescriptorSetLayoutBinding bindings[3];
    for (uint32_t b = 0; b < 3; b++)
        bindings[b] = (VkDescriptorSetLayoutBinding){
            .binding = b,
            .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
            .descriptorCount = 1,
            .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
        };
    VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = 3,
        .pBindings = bindings,
    };
    ML_CHECK(vkCreateDescriptorSetLayout(ml->vk.device, &dslci, NULL, &ml->set_layout));
    VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(struct ml_params)};
    VkPipelineLayoutCreateInfo plci = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = 1,
        .pSetLayouts = &ml->set_layout,
        .pushConstantRangeCount = 1,
        .pPushConstantRanges = &range,
    };
    ML_CHECK(vkCreatePipelineLayout(ml->vk.device, &plci, NULL, &ml->layout));
    ml->pipelines[ML_ADD] = ml_pipeline(ml, ml_add_spv, sizeof ml_add_spv);
    ml->pipelines[ML_SCALE] = ml_pipeline(ml, ml_scale_spv, sizeof ml_scale_spv);
    ml->pipelines[ML_CONV1D] = ml_pipeline(ml, ml_conv1d_spv, sizeof ml_conv1d_spv);

    VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 3 * ML_MAX_OPS};
    VkDescriptorPoolCreateInfo dpci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .maxSets = ML_MAX_OPS,
        .poolSizeCount = 1,
        .pPoolSizes = &size,
    };
    ML_CHECK(vkCreateDescriptorPool(ml->vk.device, &dpci, NULL, &ml->descriptors));
    VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    ML_CHECK(vkCreateFence(ml->vk.device, &fci, NULL, &ml->fence));
    return 0;
}

/* A tensor of n floats at the arena's next aligned offset. */
static int ml_tensor(struct ml *ml, const char *name, uint32_t n)
{
    struct ml_tensor *t = &ml->tensors[ml->n_tensors];
    VkDeviceSize bytes = (VkDeviceSize)n * sizeof(float);
    t->name = name;
    t->offset = ml->arena_used;
    t->n = n;
    ml->arena_used += (bytes + ML_ALIGN - 1) / ML_ALIGN * ML_ALIGN;
    return ml->n_tensors++;
}

static float *ml_data(struct ml *ml, int t)
{
    return ml->host + ml->tensors[t].offset / sizeof(float);
}

static VkDescriptorBufferInfo ml_range(const struct ml *ml, int t)
{
    const struct ml_tensor *tensor = &ml->tensors[t];
    return (VkDescriptorBufferInfo){ml->arena, tensor->offset,
                                    (VkDeviceSize)tensor->n * sizeof(float)};
}

/* Appends an op; an unused input binding gets the first input's range. */
static int ml_op(struct ml *ml, enum ml_kernel kernel, int a, int b, int dst,
                 struct ml_params params)
{
    struct ml_op *op = &ml->ops[ml->n_ops];
    op->kernel = kernel;
    op->src[0] = a;
    op->src[1] = b;
    op->dst = dst;
    op->params = params;
    VkDescriptorSetAllocateInfo dsai = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorPool = ml->descriptors,
        .descriptorSetCount = 1,
        .pSetLayouts = &ml->set_layout,
    };
    ML_CHECK(vkAllocateDescriptorSets(ml->vk.device, &dsai, &op->set));
    VkDescriptorBufferInfo ranges[3] = {
        ml_range(ml, a), ml_range(ml, b >= 0 ? b : a), ml_range(ml, dst),
    };
    VkWriteDescriptorSet writes[3];
    for (uint32_t i = 0; i < 3; i++)
        writes[i] = (VkWriteDescriptorSet){
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
            .dstSet = op->set,
            .dstBinding = i,
            .descriptorCount = 1,
            .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
            .pBufferInfo = &ranges[i],
        };
    vkUpdateDescriptorSets(ml->vk.device, 3, writes, 0, NULL);
    return ml->n_ops++;
}

static int ml_add(struct ml *ml, int a, int b, int dst)
{
    return ml_op(ml, ML_ADD, a, b, dst, (struct ml_params){ml->tensors[dst].n, 0, 0.0f});
}

static int ml_scale(struct ml *ml, int a, float alpha, int dst)
{
    return ml_op(ml, ML_SCALE, a, -1, dst, (struct ml_params){ml->tensors[dst].n, 0, alpha});
}

static int ml_conv1d(struct ml *ml, int x, int kernel, int dst)
{
    return ml_op(ml, ML_CONV1D, x, kernel, dst,
                 (struct ml_params){ml->tensors[dst].n, ml->tensors[kernel].n, 0.0f});
}

static VkCommandBuffer ml_begin(struct ml *ml)
{
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    ML_CHECK(lite_alloc(&ml->vk, 1, &cmd));
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    ML_CHECK(vkBeginCommandBuffer(cmd, &begin));
    return cmd;
}

static void ml_run(struct ml *ml, VkCommandBuffer cmd)
{
    ML_CHECK(vkEndCommandBuffer(cmd));
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    ML_CHECK(vkQueueSubmit(ml->vk.queue, 1, &si, ml->fence));
    ML_CHECK(vkWaitForFences(ml->vk.device, 1, &ml->fence, VK_TRUE, UINT64_MAX));
}

/* Binds the op's kernel, descriptor set and push constants. */
static void ml_bind(VkCommandBuffer cmd, const struct ml *ml, const struct ml_op *op)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, ml->pipelines[op->kernel]);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, ml->layout, 0, 1,
                            &op->set, 0, NULL);
    vkCmdPushConstants(cmd, ml->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                       sizeof op->params, &op->params);
}

static uint32_t ml_groups(const struct ml_op *op)
{
    return (op->params.n + ML_GROUP - 1) / ML_GROUP;
}

/* ---- the tracking table ---- */

static void ml_track_init(struct ml_track *tr)
{
    tr->step = 0;
    tr->barrier = 0;
    for (int t = 0; t < ML_MAX_TENSORS; t++) {
        tr->written[t] = -1;
        tr->read[t] = -1;
        tr->stage[t] = 0;
    }
}

/* Written since the last barrier? */
static int ml_pending(const struct ml_track *tr, int t)
{
    return t >= 0 && tr->written[t] >= tr->barrier;
}

/* Read since the last barrier? */
static int ml_reading(const struct ml_track *tr, int t)
{
    return t >= 0 && tr->read[t] >= tr->barrier;
}

static void ml_wrote(struct ml_track *tr, int t, VkPipelineStageFlags stage)
{
    tr->written[t] = tr->step++;
    tr->stage[t] = stage;
}

static void ml_reads(struct ml_track *tr, const struct ml_op *op)
{
    for (int s = 0; s < 2; s++)
        if (op->src[s] >= 0)
            tr->read[op->src[s]] = tr->step;
}

static VkAccessFlags ml_writes_of(VkPipelineStageFlags stage)
{
    VkAccessFlags access = 0;
    if (stage & VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT)
        access |= VK_ACCESS_SHADER_WRITE_BIT;
    if (stage & VK_PIPELINE_STAGE_TRANSFER_BIT)
        access |= VK_ACCESS_TRANSFER_WRITE_BIT;
    return access;
}

static VkAccessFlags ml_uses_of(VkPipelineStageFlags stage)
{
    VkAccessFlags access = 0;
    if (stage & VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT)
        access |= VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    if (stage & VK_PIPELINE_STAGE_TRANSFER_BIT)
        access |= VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    if (stage & VK_PIPELINE_STAGE_HOST_BIT)
        access |= VK_ACCESS_HOST_READ_BIT;
    return access;
}

/* One global memory barrier: everything before it is ordered. */
static void ml_barrier(VkCommandBuffer cmd, struct ml_track *tr, VkPipelineStageFlags src,
                       VkPipelineStageFlags dst)
{
    VkMemoryBarrier mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
        .srcAccessMask = ml_writes_of(src),
        .dstAccessMask = ml_uses_of(dst),
    };
    vkCmdPipelineBarrier(cmd, src, dst, 0, 1, &mb, 0, NULL, 0, NULL);
    tr->barrier = ++tr->step;
}

/* Small weights go in with vkCmdUpdateBuffer, a TRANSFER write. */
static void ml_upload(VkCommandBuffer cmd, struct ml *ml, struct ml_track *tr, int t,
                      const float *data)
{
    const struct ml_tensor *tensor = &ml->tensors[t];
    vkCmdUpdateBuffer(cmd, ml->arena, tensor->offset, (VkDeviceSize)tensor->n * sizeof(float),
                      data);
    ml_wrote(tr, t, VK_PIPELINE_STAGE_TRANSFER_BIT);
}

#endif
