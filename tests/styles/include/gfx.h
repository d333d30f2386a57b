/*
 * gfx.h - a small sokol_gfx-like front end: resources are opaque handles
 * (`gfx_buffer`, `gfx_image`, a uint32_t id each) into global resource
 * pools, and a frame is a deferred command list.
 *
 * A handle's id is (generation << GFX_SLOT_SHIFT) | slot index.  Each pool
 * keeps a generation counter per slot, bumped whenever the slot is handed
 * out again, so a handle kept past gfx_destroy_*() no longer matches its
 * slot and pool_lookup() returns NULL for it.
 *
 * During the frame the gfx_* calls only append tagged commands to
 * `cmdlist`; nothing touches a command buffer.  The application's backend
 * walks the list at commit time (gfx_foreach) and turns each command into
 * Vulkan calls; it resolves the handles then, and drops a command whose
 * handle no longer resolves, as sokol does.  `cache` is the backend's
 * state cache (the pipeline the command buffer has bound), emptied by
 * gfx_begin_commands(): a backend skips a bind that would change nothing.
 *
 *     gfx_setup();
 *     gfx_buffer vb = gfx_make_buffer(&(gfx_buffer_desc){.size = 256});
 *     gfx_update_buffer(vb, data, sizeof data);
 *     gfx_barrier_buffer(vb, GFX_USAGE_COPY_DST, GFX_USAGE_COPY_SRC);
 *     gfx_copy_buffer(vb, readback, 256);
 *     gfx_commit();                         // the application's backend
 */
#ifndef GFX_H
#define GFX_H

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

#define GFX_INVALID_ID 0u
#define GFX_SLOT_SHIFT 16
#define GFX_SLOT_MASK ((1u << GFX_SLOT_SHIFT) - 1)
#define GFX_POOL_SIZE 16            /* slot 0 is never used */
#define GFX_MAX_COMMANDS 64
#define GFX_MAX_UPDATE_BYTES 4096   /* vkCmdUpdateBuffer's limit is 65536 */

typedef struct { uint32_t id; } gfx_buffer;
typedef struct { uint32_t id; } gfx_image;
typedef struct { uint32_t id; } gfx_pipeline;

/* How a resource is used: the backend maps it to stage, access and layout. */
enum gfx_usage {
    GFX_USAGE_UNDEFINED,
    GFX_USAGE_COPY_SRC,
    GFX_USAGE_COPY_DST,
    GFX_USAGE_VERTEX,
    GFX_USAGE_COMPUTE_STORAGE,
    GFX_USAGE_HOST_READ,
    GFX_USAGE_NUM
};

/* What each usage means to Vulkan, for the backend. */
static const struct {
    VkPipelineStageFlags stage;
    VkAccessFlags access;
    VkImageLayout layout;       /* images */
} gfx_usage_info[GFX_USAGE_NUM] = {
    [GFX_USAGE_UNDEFINED] = {VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, 0, VK_IMAGE_LAYOUT_UNDEFINED},
    [GFX_USAGE_COPY_SRC] = {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                            VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL},
    [GFX_USAGE_COPY_DST] = {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                            VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL},
    [GFX_USAGE_VERTEX] = {VK_PIPELINE_STAGE_VERTEX_INPUT_BIT, VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT,
                          VK_IMAGE_LAYOUT_UNDEFINED},
    [GFX_USAGE_COMPUTE_STORAGE] = {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                   VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
                                   VK_IMAGE_LAYOUT_GENERAL},
    [GFX_USAGE_HOST_READ] = {VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT,
                             VK_IMAGE_LAYOUT_GENERAL},
};

enum gfx_slot_state { GFX_SLOT_FREE, GFX_SLOT_VALID };

struct gfx_slot {
    uint32_t id;
    enum gfx_slot_state state;
};

struct gfx_buffer_res {
    struct gfx_slot slot;
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
    void *mapped;
};

struct gfx_image_res {
    struct gfx_slot slot;
    VkImage image;
    VkDeviceMemory memory;
    uint32_t width, height;
};

/* A compute pipeline with its one storage buffer bound in its own set. */
struct gfx_pipeline_res {
    struct gfx_slot slot;
    VkPipeline pipeline;
    VkPipelineLayout layout;
    VkDescriptorSetLayout set_layout;
    VkDescriptorPool descriptor_pool;
    VkDescriptorSet set;
};

struct gfx_pool {
    uint32_t gen[GFX_POOL_SIZE];
    uint32_t free_queue[GFX_POOL_SIZE];
    uint32_t free_top;
};

struct gfx_buffer_pool {
    struct gfx_pool pool;
    struct gfx_buffer_res items[GFX_POOL_SIZE];
};

struct gfx_image_pool {
    struct gfx_pool pool;
    struct gfx_image_res items[GFX_POOL_SIZE];
};

struct gfx_pipeline_pool {
    struct gfx_pool pool;
    struct gfx_pipeline_res items[GFX_POOL_SIZE];
};

typedef struct {
    VkDeviceSize size;
    VkBufferUsageFlags usage;   /* 0: TRANSFER_SRC | TRANSFER_DST */
    const char *label;
} gfx_buffer_desc;

typedef struct {
    uint32_t width, height;
    const char *label;
} gfx_image_desc;

typedef struct {
    const uint32_t *code;       /* SPIR-V of a compute shader */
    size_t code_size;           /* in bytes */
    gfx_buffer storage;         /* set 0, binding 0 */
    const char *label;
} gfx_pipeline_desc;

enum gfx_cmd_type {
    GFX_CMD_UPDATE_BUFFER,
    GFX_CMD_FILL_BUFFER,
    GFX_CMD_COPY_BUFFER,
    GFX_CMD_CLEAR_IMAGE,
    GFX_CMD_COPY_IMAGE_TO_BUFFER,
    GFX_CMD_BARRIER,
    GFX_CMD_APPLY_PIPELINE,
    GFX_CMD_DISPATCH,
};

struct gfx_cmd {
    enum gfx_cmd_type type;
    union {
        struct { gfx_buffer dst; uint32_t offset, size, data; } update; /* data: offset in cmdlist.bytes */
        struct { gfx_buffer dst; uint32_t value; } fill;
        struct { gfx_buffer src, dst; uint32_t size; } copy;
        struct { gfx_image image; float rgba[4]; } clear;
        struct { gfx_image src; gfx_buffer dst; } readback;
        struct {
            gfx_buffer buffer;      /* one of buffer and image is set */
            gfx_image image;
            enum gfx_usage before, after;
        } barrier;
        struct { gfx_pipeline pipeline; } apply;
        struct { uint32_t groups_x, groups_y, groups_z; } dispatch;
    } u;
};

struct gfx_state {
    VkInstance instance;
    VkPhysicalDevice gpu;
    VkPhysicalDeviceMemoryProperties mem_props;
    VkDevice device;
    VkQueue queue;
    VkCommandPool cmd_pool;
    VkCommandBuffer cmd;
    VkFence fence;
    uint32_t frame_index;
};

static struct gfx_state gfx;
static struct {
    struct gfx_buffer_pool buffers;
    struct gfx_image_pool images;
    struct gfx_pipeline_pool pipelines;
} pools;
static struct {
    struct gfx_cmd items[GFX_MAX_COMMANDS];
    uint32_t count;
    uint8_t bytes[GFX_MAX_UPDATE_BYTES];
    uint32_t bytes_used;
} cmdlist;
static struct {
    VkPipeline pipeline;
} cache;

/* -- pools ------------------------------------------------------------- */

static void pool_init(struct gfx_pool *p)
{
    memset(p, 0, sizeof(*p));
    for (uint32_t i = GFX_POOL_SIZE - 1; i >= 1; i--)
        p->free_queue[p->free_top++] = i;
}

static uint32_t pool_alloc_index(struct gfx_pool *p)
{
    if (p->free_top == 0)
        return 0;
    return p->free_queue[--p->free_top];
}

static void pool_free_index(struct gfx_pool *p, uint32_t index)
{
    assert(index > 0 && index < GFX_POOL_SIZE && p->free_top < GFX_POOL_SIZE);
    p->free_queue[p->free_top++] = index;
}

/* Gives the slot a fresh id: the slot's next generation. */
static uint32_t pool_slot_init(struct gfx_pool *p, struct gfx_slot *slot, uint32_t index)
{
    p->gen[index]++;
    slot->id = (p->gen[index] << GFX_SLOT_SHIFT) | index;
    slot->state = GFX_SLOT_VALID;
    return slot->id;
}

static struct gfx_buffer_res *pool_lookup_buffer(struct gfx_buffer_pool *p, uint32_t id)
{
    if (id != GFX_INVALID_ID) {
        struct gfx_buffer_res *res = &p->items[id & GFX_SLOT_MASK];
        if (res->slot.id == id)
            return res;
    }
    return NULL;
}

static struct gfx_image_res *pool_lookup_image(struct gfx_image_pool *p, uint32_t id)
{
    if (id != GFX_INVALID_ID) {
        struct gfx_image_res *res = &p->items[id & GFX_SLOT_MASK];
        if (res->slot.id == id)
            return res;
    }
    return NULL;
}

static struct gfx_pipeline_res *pool_lookup_pipeline(struct gfx_pipeline_pool *p, uint32_t id)
{
    if (id != GFX_INVALID_ID) {
        struct gfx_pipeline_res *res = &p->items[id & GFX_SLOT_MASK];
        if (res->slot.id == id)
            return res;
    }
    return NULL;
}

#define pool_lookup(pool, id) _Generic((pool), \
    struct gfx_buffer_pool *: pool_lookup_buffer, \
    struct gfx_image_pool *: pool_lookup_image, \
    struct gfx_pipeline_pool *: pool_lookup_pipeline)((pool), (id))

/* -- setup ------------------------------------------------------------- */

static void gfx_fail(const char *what)
{
    fprintf(stderr, "gfx: %s failed\n", what);
    exit(1);
}

static void gfx_setup(void)
{
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "gfx",
        .apiVersion = VK_API_VERSION_1_1,
    };
    VkInstanceCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &app,
    };
    if (vkCreateInstance(&ici, NULL, &gfx.instance) != VK_SUCCESS)
        gfx_fail("vkCreateInstance");
    uint32_t count = 1;
    VkResult r = vkEnumeratePhysicalDevices(gfx.instance, &count, &gfx.gpu);
    if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count == 0)
        gfx_fail("vkEnumeratePhysicalDevices");
    vkGetPhysicalDeviceMemoryProperties(gfx.gpu, &gfx.mem_props);
    float priority = 1.0f;
    VkDeviceQueueCreateInfo qci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = 0,
        .queueCount = 1,
        .pQueuePriorities = &priority,
    };
    VkDeviceCreateInfo dci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &qci,
    };
    if (vkCreateDevice(gfx.gpu, &dci, NULL, &gfx.device) != VK_SUCCESS)
        gfx_fail("vkCreateDevice");
    vkGetDeviceQueue(gfx.device, 0, 0, &gfx.queue);
    VkCommandPoolCreateInfo pci = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = 0,
    };
    if (vkCreateCommandPool(gfx.device, &pci, NULL, &gfx.cmd_pool) != VK_SUCCESS)
        gfx_fail("vkCreateCommandPool");
    VkCommandBufferAllocateInfo cai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = gfx.cmd_pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    if (vkAllocateCommandBuffers(gfx.device, &cai, &gfx.cmd) != VK_SUCCESS)
        gfx_fail("vkAllocateCommandBuffers");
    VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    if (vkCreateFence(gfx.device, &fci, NULL, &gfx.fence) != VK_SUCCESS)
        gfx_fail("vkCreateFence");
    pool_init(&pools.buffers.pool);
    pool_init(&pools.images.pool);
    pool_init(&pools.pipelines.pool);
    cmdlist.count = 0;
    cmdlist.bytes_used = 0;
}

static uint32_t gfx_memory_type(uint32_t bits, VkMemoryPropertyFlags flags)
{
    for (uint32_t i = 0; i < gfx.mem_props.memoryTypeCount; i++)
        if ((bits & (1u << i)) && (gfx.mem_props.memoryTypes[i].propertyFlags & flags) == flags)
            return i;
    gfx_fail("no memory type");
    return 0;
}

/* -- resources --------------------------------------------------------- */

static gfx_buffer gfx_make_buffer(const gfx_buffer_desc *desc)
{
    gfx_buffer handle = {GFX_INVALID_ID};
    uint32_t index = pool_alloc_index(&pools.buffers.pool);
    if (index == 0)
        return handle;
    struct gfx_buffer_res *res = &pools.buffers.items[index];
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = desc->size,
        .usage = desc->usage ? desc->usage
                             : VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
    };
    if (vkCreateBuffer(gfx.device, &bci, NULL, &res->buffer) != VK_SUCCESS)
        gfx_fail(desc->label ? desc->label : "vkCreateBuffer");
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(gfx.device, res->buffer, &req);
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = gfx_memory_type(req.memoryTypeBits,
                                           VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                           VK_MEMORY_PROPERTY_HOST_COHERENT_BIT),
    };
    if (vkAllocateMemory(gfx.device, &mai, NULL, &res->memory) != VK_SUCCESS)
        gfx_fail("vkAllocateMemory");
    vkBindBufferMemory(gfx.device, res->buffer, res->memory, 0);
    vkMapMemory(gfx.device, res->memory, 0, VK_WHOLE_SIZE, 0, &res->mapped);
    res->size = desc->size;
    handle.id = pool_slot_init(&pools.buffers.pool, &res->slot, index);
    return handle;
}

static void gfx_destroy_buffer(gfx_buffer buf)
{
    struct gfx_buffer_res *res = pool_lookup(&pools.buffers, buf.id);
    if (!res)
        return;
    vkDestroyBuffer(gfx.device, res->buffer, NULL);
    vkFreeMemory(gfx.device, res->memory, NULL);
    res->slot.id = GFX_INVALID_ID;
    res->slot.state = GFX_SLOT_FREE;
    pool_free_index(&pools.buffers.pool, buf.id & GFX_SLOT_MASK);
}

static gfx_image gfx_make_image(const gfx_image_desc *desc)
{
    gfx_image handle = {GFX_INVALID_ID};
    uint32_t index = pool_alloc_index(&pools.images.pool);
    if (index == 0)
        return handle;
    struct gfx_image_res *res = &pools.images.items[index];
    VkImageCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = VK_FORMAT_R8G8B8A8_UNORM,
        .extent = {desc->width, desc->height, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    if (vkCreateImage(gfx.device, &ici, NULL, &res->image) != VK_SUCCESS)
        gfx_fail(desc->label ? desc->label : "vkCreateImage");
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(gfx.device, res->image, &req);
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = gfx_memory_type(req.memoryTypeBits, 0),
    };
    if (vkAllocateMemory(gfx.device, &mai, NULL, &res->memory) != VK_SUCCESS)
        gfx_fail("vkAllocateMemory");
    vkBindImageMemory(gfx.device, res->image, res->memory, 0);
    res->width = desc->width;
    res->height = desc->height;
    handle.id = pool_slot_init(&pools.images.pool, &res->slot, index);
    return handle;
}

static gfx_pipeline gfx_make_pipeline(const gfx_pipeline_desc *desc)
{
    gfx_pipeline handle = {GFX_INVALID_ID};
    struct gfx_buffer_res *storage = pool_lookup(&pools.buffers, desc->storage.id);
    uint32_t index = pool_alloc_index(&pools.pipelines.pool);
    if (index == 0 || !storage)
        return handle;
    struct gfx_pipeline_res *res = &pools.pipelines.items[index];
    VkDescriptorSetLayoutBinding binding = {
        .binding = 0,
        .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
        .descriptorCount = 1,
        .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
    };
    VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = 1,
        .pBindings = &binding,
    };
    if (vkCreateDescriptorSetLayout(gfx.device, &dslci, NULL, &res->set_layout) != VK_SUCCESS)
        gfx_fail("vkCreateDescriptorSetLayout");
    VkPipelineLayoutCreateInfo plci = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = 1,
        .pSetLayouts = &res->set_layout,
    };
    if (vkCreatePipelineLayout(gfx.device, &plci, NULL, &res->layout) != VK_SUCCESS)
        gfx_fail("vkCreatePipelineLayout");
    VkShaderModuleCreateInfo smci = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = desc->code_size,
        .pCode = desc->code,
    };
    VkShaderModule module;
    if (vkCreateShaderModule(gfx.device, &smci, NULL, &module) != VK_SUCCESS)
        gfx_fail(desc->label ? desc->label : "vkCreateShaderModule");
    VkComputePipelineCreateInfo cpci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT,
            .module = module,
            .pName = "main",
        },
        .layout = res->layout,
    };
    if (vkCreateComputePipelines(gfx.device, VK_NULL_HANDLE, 1, &cpci, NULL, &res->pipeline) != VK_SUCCESS)
        gfx_fail("vkCreateComputePipelines");
    vkDestroyShaderModule(gfx.device, module, NULL);
    VkDescriptorPoolSize pool_size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
    VkDescriptorPoolCreateInfo dpci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .maxSets = 1,
        .poolSizeCount = 1,
        .pPoolSizes = &pool_size,
    };
    if (vkCreateDescriptorPool(gfx.device, &dpci, NULL, &res->descriptor_pool) != VK_SUCCESS)
        gfx_fail("vkCreateDescriptorPool");
    VkDescriptorSetAllocateInfo dsai = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorPool = res->descriptor_pool,
        .descriptorSetCount = 1,
        .pSetLayouts = &res->set_layout,
    };
    if (vkAllocateDescriptorSets(gfx.device, &dsai, &res->set) != VK_SUCCESS)
        gfx_fail("vkAllocateDescriptorSets");
    VkDescriptorBufferInfo info = {storage->buffer, 0, VK_WHOLE_SIZE};
    VkWriteDescriptorSet write = {
        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
        .dstSet = res->set,
        .dstBinding = 0,
        .descriptorCount = 1,
        .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
        .pBufferInfo = &info,
    };
    vkUpdateDescriptorSets(gfx.device, 1, &write, 0, NULL);
    handle.id = pool_slot_init(&pools.pipelines.pool, &res->slot, index);
    return handle;
}

static void *gfx_buffer_data(gfx_buffer buf)
{
    struct gfx_buffer_res *res = pool_lookup(&pools.buffers, buf.id);
    return res ? res->mapped : NULL;
}

/* -- the command list -------------------------------------------------- */

static struct gfx_cmd *gfx_append(enum gfx_cmd_type type)
{
    if (cmdlist.count == GFX_MAX_COMMANDS)
        gfx_fail("command list full");
    struct gfx_cmd *cmd = &cmdlist.items[cmdlist.count++];
    memset(cmd, 0, sizeof(*cmd));
    cmd->type = type;
    return cmd;
}

static void gfx_update_buffer(gfx_buffer dst, const void *data, uint32_t size)
{
    if (cmdlist.bytes_used + size > GFX_MAX_UPDATE_BYTES)
        gfx_fail("update bytes full");
    struct gfx_cmd *cmd = gfx_append(GFX_CMD_UPDATE_BUFFER);
    cmd->u.update.dst = dst;
    cmd->u.update.offset = 0;
    cmd->u.update.size = size;
    cmd->u.update.data = cmdlist.bytes_used;
    memcpy(&cmdlist.bytes[cmdlist.bytes_used], data, size);
    cmdlist.bytes_used += size;
}

static void gfx_fill_buffer(gfx_buffer dst, uint32_t value)
{
    struct gfx_cmd *cmd = gfx_append(GFX_CMD_FILL_BUFFER);
    cmd->u.fill.dst = dst;
    cmd->u.fill.value = value;
}

static void gfx_copy_buffer(gfx_buffer src, gfx_buffer dst, uint32_t size)
{
    struct gfx_cmd *cmd = gfx_append(GFX_CMD_COPY_BUFFER);
    cmd->u.copy.src = src;
    cmd->u.copy.dst = dst;
    cmd->u.copy.size = size;
}

static void gfx_clear_image(gfx_image image, float r, float g, float b, float a)
{
    struct gfx_cmd *cmd = gfx_append(GFX_CMD_CLEAR_IMAGE);
    cmd->u.clear.image = image;
    cmd->u.clear.rgba[0] = r;
    cmd->u.clear.rgba[1] = g;
    cmd->u.clear.rgba[2] = b;
    cmd->u.clear.rgba[3] = a;
}

static void gfx_copy_image_to_buffer(gfx_image src, gfx_buffer dst)
{
    struct gfx_cmd *cmd = gfx_append(GFX_CMD_COPY_IMAGE_TO_BUFFER);
    cmd->u.readback.src = src;
    cmd->u.readback.dst = dst;
}

static void gfx_barrier_buffer(gfx_buffer buf, enum gfx_usage before, enum gfx_usage after)
{
    struct gfx_cmd *cmd = gfx_append(GFX_CMD_BARRIER);
    cmd->u.barrier.buffer = buf;
    cmd->u.barrier.before = before;
    cmd->u.barrier.after = after;
}

static void gfx_barrier_image(gfx_image image, enum gfx_usage before, enum gfx_usage after)
{
    struct gfx_cmd *cmd = gfx_append(GFX_CMD_BARRIER);
    cmd->u.barrier.image = image;
    cmd->u.barrier.before = before;
    cmd->u.barrier.after = after;
}

static void gfx_apply_pipeline(gfx_pipeline pipeline)
{
    struct gfx_cmd *cmd = gfx_append(GFX_CMD_APPLY_PIPELINE);
    cmd->u.apply.pipeline = pipeline;
}

static void gfx_dispatch(uint32_t x, uint32_t y, uint32_t z)
{
    struct gfx_cmd *cmd = gfx_append(GFX_CMD_DISPATCH);
    cmd->u.dispatch.groups_x = x;
    cmd->u.dispatch.groups_y = y;
    cmd->u.dispatch.groups_z = z;
}

#define gfx_foreach(c) for (const struct gfx_cmd *c = cmdlist.items; c < cmdlist.items + cmdlist.count; c++)

/* Begins the frame's command buffer; the state cache starts empty. */
static VkCommandBuffer gfx_begin_commands(void)
{
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkResetCommandBuffer(gfx.cmd, 0);
    if (vkBeginCommandBuffer(gfx.cmd, &begin) != VK_SUCCESS)
        gfx_fail("vkBeginCommandBuffer");
    memset(&cache, 0, sizeof(cache));
    return gfx.cmd;
}

/* Ends and submits the frame's command buffer, waits for it, and empties
 * the command list for the next frame. */
static void gfx_submit_commands(void)
{
    if (vkEndCommandBuffer(gfx.cmd) != VK_SUCCESS)
        gfx_fail("vkEndCommandBuffer");
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &gfx.cmd,
    };
    if (vkQueueSubmit(gfx.queue, 1, &si, gfx.fence) != VK_SUCCESS)
        gfx_fail("vkQueueSubmit");
    vkWaitForFences(gfx.device, 1, &gfx.fence, VK_TRUE, UINT64_MAX);
    vkResetFences(gfx.device, 1, &gfx.fence);
    cmdlist.count = 0;
    cmdlist.bytes_used = 0;
    gfx.frame_index++;
}

#endif
