/*
 * vkrt.c - the runtime shared by the differential-test programs (vkrt.h).
 *
 * Every failure of a setup call prints "VKRT-ERROR <what>" and exits 3, so
 * the harness can tell a broken program from a hazard.  Validation messages
 * arrive through a VK_EXT_debug_utils messenger and are printed one per
 * line on stdout:
 *
 *     VVL-MSG <message-id-name> line=<L> cmd=<entry point>
 *
 * where <L> is the source line of the command the message is about (0 when
 * it could not be mapped), followed by "VVL-TEXT <message>" for humans.
 */
#include "vkrt.h"
#include "vkrt_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef VKRT_SHADER_DIR
#define VKRT_SHADER_DIR "."
#endif

static void fail(const char *what)
{
    printf("VKRT-ERROR %s\n", what);
    exit(3);
}

/* ---- the trace: which source line recorded each command ---- */

enum { MAX_TRACED_BUFFERS = 32, MAX_TRACED_COMMANDS = 512 };

typedef struct {
    const char *name;
    unsigned line;
} traced_command;

typedef struct {
    VkCommandBuffer cmd;
    traced_command commands[MAX_TRACED_COMMANDS];
    unsigned count; /* commands recorded since vkBeginCommandBuffer */
} traced_buffer;

static traced_buffer traced[MAX_TRACED_BUFFERS];
static unsigned traced_count;
static const traced_command *last_command;
static bool in_submit; /* between vkQueueSubmit* and the next command */

static traced_buffer *trace_of(VkCommandBuffer cmd)
{
    for (unsigned i = 0; i < traced_count; i++)
        if (traced[i].cmd == cmd)
            return &traced[i];
    if (traced_count == MAX_TRACED_BUFFERS)
        fail("too many command buffers traced");
    traced[traced_count].cmd = cmd;
    return &traced[traced_count++];
}

void vkrt_trace(VkCommandBuffer cmd, const char *name, unsigned line)
{
    traced_buffer *t = trace_of(cmd);
    if (strcmp(name, "vkBeginCommandBuffer") == 0)
        t->count = 0;
    if (t->count == MAX_TRACED_COMMANDS)
        fail("too many commands traced");
    t->commands[t->count].name = name;
    t->commands[t->count].line = line;
    last_command = &t->commands[t->count++];
    in_submit = false;
}

void vkrt_trace_submit(unsigned line)
{
    (void)line;
    in_submit = true;
    last_command = NULL;
}

/*
 * A hazard found when a whole command buffer is replayed -- at submit time,
 * or a secondary's commands at vkCmdExecuteCommands -- names (1.3.239) the
 * replayed command as "VkCommandBuffer 0x<handle>[...], Recorded access
 * info (recorded_usage: ..., command: vkCmdX, seq_no: N, ...)": the later
 * access is that command, so its line is the hazard's line.  The callback's object list holds
 * only the queue, so the handle is taken from the message.  seq_no counts
 * the commands recorded since vkBeginCommandBuffer from 1; the traced name
 * at that position must match, otherwise the line is reported as unmapped.
 */
static const traced_command *recorded_command(const char *message)
{
    const char *handle_text = strstr(message, "VkCommandBuffer 0x");
    const char *info = strstr(message, "Recorded access info");
    if (!handle_text || !info)
        return NULL;
    const char *command = strstr(info, "command: ");
    const char *seq = strstr(info, "seq_no: ");
    if (!command || !seq)
        return NULL;
    uintptr_t handle = (uintptr_t)strtoull(
        handle_text + strlen("VkCommandBuffer "), NULL, 16);
    command += strlen("command: ");
    size_t name_length = strcspn(command, ", )");
    unsigned seq_no = (unsigned)strtoul(seq + strlen("seq_no: "), NULL, 10);
    for (unsigned b = 0; b < traced_count; b++) {
        if ((uintptr_t)traced[b].cmd != handle || seq_no == 0 ||
            seq_no >= traced[b].count)
            continue;
        /* commands[0] is vkBeginCommandBuffer, so seq_no N is commands[N]. */
        const traced_command *c = &traced[b].commands[seq_no];
        if (strlen(c->name) == name_length &&
            strncmp(c->name, command, name_length) == 0)
            return c;
    }
    return NULL;
}

static VKAPI_ATTR VkBool32 VKAPI_CALL on_message(
    VkDebugUtilsMessageSeverityFlagBitsEXT severity,
    VkDebugUtilsMessageTypeFlagsEXT types,
    const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
    (void)user;
    /* Performance advice (GENERAL instead of an optimal layout) is not
     * a validity problem; everything else at warning level or above is. */
    if (severity < VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT ||
        types == VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT)
        return VK_FALSE;
    const char *id = data->pMessageIdName ? data->pMessageIdName : "UNNAMED";
    /* The loader announces the layers it adds from the environment. */
    if (strcmp(id, "Loader Message") == 0)
        return VK_FALSE;
    const traced_command *c =
        strstr(data->pMessage, "Recorded access info") ? recorded_command(data->pMessage)
        : in_submit                                    ? NULL
                                                       : last_command;
    printf("VVL-MSG %s line=%u cmd=%s\n", id, c ? c->line : 0,
           c ? c->name : "?");
    printf("VVL-TEXT %s\n", data->pMessage);
    fflush(stdout);
    return VK_FALSE;
}

/* ---- instance and device ---- */

vkrt *vkrt_init(int argc, char **argv)
{
    static vkrt rt;
    rt.argc = argc;
    rt.argv = argv;
    setvbuf(stdout, NULL, _IOLBF, 0);

    VkDebugUtilsMessengerCreateInfoEXT messenger_info = {
        .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
        .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
        .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
        .pfnUserCallback = on_message,
    };
    const char *extensions[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = argv[0],
        .apiVersion = VK_API_VERSION_1_3,
    };
    VkInstanceCreateInfo instance_info = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pNext = &messenger_info,
        .pApplicationInfo = &app,
        .enabledExtensionCount = 1,
        .ppEnabledExtensionNames = extensions,
    };
    CHECK(vkCreateInstance(&instance_info, NULL, &rt.instance));
    PFN_vkCreateDebugUtilsMessengerEXT create_messenger =
        (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
            rt.instance, "vkCreateDebugUtilsMessengerEXT");
    if (!create_messenger)
        fail("vkCreateDebugUtilsMessengerEXT not available");
    CHECK(create_messenger(rt.instance, &messenger_info, NULL, &rt.messenger));

    uint32_t count = 1;
    VkResult r = vkEnumeratePhysicalDevices(rt.instance, &count,
                                            &rt.physical_device);
    if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count == 0)
        fail("no Vulkan physical device (is lavapipe installed?)");
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(rt.physical_device, &props);
    if (props.apiVersion < VK_API_VERSION_1_3)
        fail("the device does not support Vulkan 1.3");
    vkGetPhysicalDeviceMemoryProperties(rt.physical_device,
                                        &rt.memory_properties);

    VkQueueFamilyProperties families[8];
    uint32_t family_count = 8;
    vkGetPhysicalDeviceQueueFamilyProperties(rt.physical_device,
                                             &family_count, families);
    rt.queue_family = UINT32_MAX;
    for (uint32_t i = 0; i < family_count; i++)
        if ((families[i].queueFlags & (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT)) ==
            (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT)) {
            rt.queue_family = i;
            break;
        }
    if (rt.queue_family == UINT32_MAX)
        fail("no graphics+compute queue family");

    float priority = 1.0f;
    VkDeviceQueueCreateInfo queue_info = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = rt.queue_family,
        .queueCount = 1,
        .pQueuePriorities = &priority,
    };
    VkPhysicalDeviceVulkan13Features features13 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
        .synchronization2 = VK_TRUE,
        .dynamicRendering = VK_TRUE,
        .maintenance4 = VK_TRUE, /* glslang's vulkan1.3 SPIR-V uses LocalSizeId */
    };
    VkDeviceCreateInfo device_info = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &features13,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &queue_info,
    };
    CHECK(vkCreateDevice(rt.physical_device, &device_info, NULL, &rt.device));
    vkGetDeviceQueue(rt.device, rt.queue_family, 0, &rt.queue);

    VkCommandPoolCreateInfo pool_info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = rt.queue_family,
    };
    CHECK(vkCreateCommandPool(rt.device, &pool_info, NULL, &rt.pool));

    VkDescriptorPoolSize sizes[] = {
        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 64},
        {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 32},
        {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 32},
    };
    VkDescriptorPoolCreateInfo descriptor_pool_info = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
        .maxSets = 32,
        .poolSizeCount = 3,
        .pPoolSizes = sizes,
    };
    CHECK(vkCreateDescriptorPool(rt.device, &descriptor_pool_info, NULL,
                                 &rt.descriptor_pool));
    return &rt;
}

bool vkrt_switch(const vkrt *rt, const char *name)
{
    for (int i = 1; i < rt->argc; i++)
        if (strcmp(rt->argv[i], name) == 0)
            return true;
    return false;
}

/* Objects are not destroyed one by one: the program ends right after, and
 * the layer's leak checks are not what these tests are about.  Destroying
 * the device would need every child destroyed first, so only wait. */
int vkrt_finish(vkrt *rt)
{
    CHECK(vkDeviceWaitIdle(rt->device));
    printf("VKRT-DONE\n");
    fflush(stdout);
    return 0;
}

/* ---- memory, buffers, images ---- */

static VkDeviceMemory allocate(vkrt *rt, VkMemoryRequirements req,
                               VkMemoryPropertyFlags wanted)
{
    for (uint32_t i = 0; i < rt->memory_properties.memoryTypeCount; i++) {
        if (!(req.memoryTypeBits & (1u << i)))
            continue;
        if ((rt->memory_properties.memoryTypes[i].propertyFlags & wanted) != wanted)
            continue;
        VkMemoryAllocateInfo info = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
            .allocationSize = req.size,
            .memoryTypeIndex = i,
        };
        VkDeviceMemory memory;
        CHECK(vkAllocateMemory(rt->device, &info, NULL, &memory));
        return memory;
    }
    fail("no suitable memory type");
    return VK_NULL_HANDLE;
}

enum { MAX_BUFFERS = 64 };
static struct {
    VkBuffer buffer;
    VkDeviceMemory memory;
} buffers[MAX_BUFFERS];
static unsigned buffer_count;

VkBuffer vkrt_buffer(vkrt *rt, VkDeviceSize size)
{
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                 VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT |
                 VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                 VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
                 VK_BUFFER_USAGE_INDEX_BUFFER_BIT,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VkBuffer buffer;
    CHECK(vkCreateBuffer(rt->device, &info, NULL, &buffer));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(rt->device, buffer, &req);
    VkDeviceMemory memory = allocate(rt, req,
                                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                     VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    CHECK(vkBindBufferMemory(rt->device, buffer, memory, 0));
    if (buffer_count == MAX_BUFFERS)
        fail("too many buffers");
    buffers[buffer_count].buffer = buffer;
    buffers[buffer_count++].memory = memory;
    return buffer;
}

void *vkrt_buffer_map(vkrt *rt, VkBuffer buffer)
{
    for (unsigned i = 0; i < buffer_count; i++) {
        if (buffers[i].buffer != buffer)
            continue;
        void *data;
        CHECK(vkMapMemory(rt->device, buffers[i].memory, 0, VK_WHOLE_SIZE, 0,
                          &data));
        return data;
    }
    fail("vkrt_buffer_map: not a vkrt buffer");
    return NULL;
}

static VkImage create_image(vkrt *rt, VkFormat format, uint32_t width,
                            uint32_t height, uint32_t mips, uint32_t layers,
                            VkImageUsageFlags usage)
{
    VkImageCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = format,
        .extent = {width, height, 1},
        .mipLevels = mips,
        .arrayLayers = layers,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    VkImage image;
    CHECK(vkCreateImage(rt->device, &info, NULL, &image));
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(rt->device, image, &req);
    CHECK(vkBindImageMemory(rt->device, image, allocate(rt, req, 0), 0));
    return image;
}

VkImage vkrt_image(vkrt *rt, VkFormat format, uint32_t width, uint32_t height,
                   uint32_t mip_levels, uint32_t array_layers)
{
    return create_image(rt, format, width, height, mip_levels, array_layers,
                        VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                        VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                        VK_IMAGE_USAGE_SAMPLED_BIT |
                        VK_IMAGE_USAGE_STORAGE_BIT |
                        VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                        VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT);
}

VkImage vkrt_depth_image(vkrt *rt, uint32_t width, uint32_t height)
{
    return create_image(rt, VK_FORMAT_D32_SFLOAT, width, height, 1, 1,
                        VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                        VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                        VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT);
}

/* ---- command buffers, synchronization objects, submission ---- */

VkCommandBuffer vkrt_command_buffer(vkrt *rt, VkCommandBufferLevel level)
{
    VkCommandBufferAllocateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = rt->pool,
        .level = level,
        .commandBufferCount = 1,
    };
    VkCommandBuffer cmd;
    CHECK(vkAllocateCommandBuffers(rt->device, &info, &cmd));
    return cmd;
}

VkEvent vkrt_event(vkrt *rt)
{
    VkEventCreateInfo info = {.sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO};
    VkEvent event;
    CHECK(vkCreateEvent(rt->device, &info, NULL, &event));
    return event;
}

VkSemaphore vkrt_semaphore(vkrt *rt)
{
    VkSemaphoreCreateInfo info = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    VkSemaphore semaphore;
    CHECK(vkCreateSemaphore(rt->device, &info, NULL, &semaphore));
    return semaphore;
}

VkFence vkrt_fence(vkrt *rt)
{
    VkFenceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence;
    CHECK(vkCreateFence(rt->device, &info, NULL, &fence));
    return fence;
}

void vkrt_submit_wait(vkrt *rt, VkCommandBuffer cmd)
{
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cmd,
    };
    vkrt_trace_submit(__LINE__);
    CHECK(vkQueueSubmit(rt->queue, 1, &submit, VK_NULL_HANDLE));
    CHECK(vkQueueWaitIdle(rt->queue));
}

/* ---- pipelines and descriptor sets ---- */

static VkShaderModule load_shader(vkrt *rt, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.spv", VKRT_SHADER_DIR, name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("VKRT-ERROR cannot open shader %s\n", path);
        exit(3);
    }
    static uint32_t code[16384];
    size_t size = fread(code, 1, sizeof code, f);
    fclose(f);
    if (size == 0 || size % 4 != 0 || size == sizeof code)
        fail("bad SPIR-V file size");
    VkShaderModuleCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = size,
        .pCode = code,
    };
    VkShaderModule module;
    CHECK(vkCreateShaderModule(rt->device, &info, NULL, &module));
    return module;
}

static void create_layout(vkrt *rt, vkrt_pipeline *p, uint32_t binding_count,
                          const VkDescriptorType *types,
                          VkShaderStageFlags stages)
{
    VkDescriptorSetLayoutBinding bindings[8];
    if (binding_count > 8)
        fail("too many bindings");
    for (uint32_t i = 0; i < binding_count; i++)
        bindings[i] = (VkDescriptorSetLayoutBinding){
            .binding = i,
            .descriptorType = types[i],
            .descriptorCount = 1,
            .stageFlags = stages,
        };
    VkDescriptorSetLayoutCreateInfo set_info = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = binding_count,
        .pBindings = bindings,
    };
    CHECK(vkCreateDescriptorSetLayout(rt->device, &set_info, NULL,
                                      &p->set_layout));
    VkPipelineLayoutCreateInfo layout_info = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = 1,
        .pSetLayouts = &p->set_layout,
    };
    CHECK(vkCreatePipelineLayout(rt->device, &layout_info, NULL, &p->layout));
    VkDescriptorSetAllocateInfo alloc = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorPool = rt->descriptor_pool,
        .descriptorSetCount = 1,
        .pSetLayouts = &p->set_layout,
    };
    CHECK(vkAllocateDescriptorSets(rt->device, &alloc, &p->set));
}

vkrt_pipeline vkrt_compute_pipeline(vkrt *rt, const char *shader,
                                    uint32_t binding_count,
                                    const VkDescriptorType *types)
{
    vkrt_pipeline p = {0};
    create_layout(rt, &p, binding_count, types, VK_SHADER_STAGE_COMPUTE_BIT);
    VkComputePipelineCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT,
            .module = load_shader(rt, shader),
            .pName = "main",
        },
        .layout = p.layout,
    };
    CHECK(vkCreateComputePipelines(rt->device, VK_NULL_HANDLE, 1, &info, NULL,
                                   &p.pipeline));
    return p;
}

vkrt_pipeline vkrt_graphics_pipeline(vkrt *rt, const char *fragment,
                                     uint32_t binding_count,
                                     const VkDescriptorType *types,
                                     VkRenderPass render_pass, VkFormat format,
                                     bool depth)
{
    return vkrt_subpass_pipeline(rt, fragment, binding_count, types,
                                 render_pass, 0, format, depth);
}

vkrt_pipeline vkrt_subpass_pipeline(vkrt *rt, const char *fragment,
                                    uint32_t binding_count,
                                    const VkDescriptorType *types,
                                    VkRenderPass render_pass, uint32_t subpass,
                                    VkFormat format, bool depth)
{
    vkrt_pipeline p = {0};
    create_layout(rt, &p, binding_count, types,
                  VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT);
    VkPipelineShaderStageCreateInfo stages[2] = {
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_VERTEX_BIT,
         .module = load_shader(rt, "fullscreen.vert"),
         .pName = "main"},
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
         .module = load_shader(rt, fragment),
         .pName = "main"},
    };
    VkPipelineVertexInputStateCreateInfo vertex_input = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    VkPipelineInputAssemblyStateCreateInfo assembly = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
    };
    VkViewport viewport = {0, 0, 64, 64, 0, 1};
    VkRect2D scissor = {{0, 0}, {64, 64}};
    VkPipelineViewportStateCreateInfo viewport_state = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
        .viewportCount = 1,
        .pViewports = &viewport,
        .scissorCount = 1,
        .pScissors = &scissor,
    };
    VkPipelineRasterizationStateCreateInfo raster = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
        .polygonMode = VK_POLYGON_MODE_FILL,
        .cullMode = VK_CULL_MODE_NONE,
        .lineWidth = 1.0f,
    };
    VkPipelineMultisampleStateCreateInfo multisample = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
        .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
    };
    VkPipelineDepthStencilStateCreateInfo depth_state = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
        .depthTestEnable = depth,
        .depthWriteEnable = depth,
        .depthCompareOp = VK_COMPARE_OP_LESS_OR_EQUAL,
    };
    VkPipelineColorBlendAttachmentState blend_attachment = {
        .colorWriteMask = 0xf,
    };
    VkPipelineColorBlendStateCreateInfo blend = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
        .attachmentCount = 1,
        .pAttachments = &blend_attachment,
    };
    VkFormat depth_format = VK_FORMAT_D32_SFLOAT;
    VkPipelineRenderingCreateInfo rendering = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
        .colorAttachmentCount = 1,
        .pColorAttachmentFormats = &format,
        .depthAttachmentFormat = depth ? depth_format : VK_FORMAT_UNDEFINED,
    };
    VkGraphicsPipelineCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
        .pNext = render_pass == VK_NULL_HANDLE ? &rendering : NULL,
        .stageCount = 2,
        .pStages = stages,
        .pVertexInputState = &vertex_input,
        .pInputAssemblyState = &assembly,
        .pViewportState = &viewport_state,
        .pRasterizationState = &raster,
        .pMultisampleState = &multisample,
        .pDepthStencilState = &depth_state,
        .pColorBlendState = &blend,
        .layout = p.layout,
        .renderPass = render_pass,
        .subpass = subpass,
    };
    CHECK(vkCreateGraphicsPipelines(rt->device, VK_NULL_HANDLE, 1, &info, NULL,
                                    &p.pipeline));
    return p;
}

void vkrt_bind_buffer(vkrt *rt, vkrt_pipeline *p, uint32_t binding,
                      VkBuffer buffer)
{
    VkDescriptorBufferInfo info = {buffer, 0, VK_WHOLE_SIZE};
    VkWriteDescriptorSet write = {
        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
        .dstSet = p->set,
        .dstBinding = binding,
        .descriptorCount = 1,
        .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
        .pBufferInfo = &info,
    };
    vkUpdateDescriptorSets(rt->device, 1, &write, 0, NULL);
}

void vkrt_bind_storage_image(vkrt *rt, vkrt_pipeline *p, uint32_t binding,
                             VkImageView view)
{
    VkDescriptorImageInfo info = {VK_NULL_HANDLE, view, VK_IMAGE_LAYOUT_GENERAL};
    VkWriteDescriptorSet write = {
        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
        .dstSet = p->set,
        .dstBinding = binding,
        .descriptorCount = 1,
        .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
        .pImageInfo = &info,
    };
    vkUpdateDescriptorSets(rt->device, 1, &write, 0, NULL);
}

void vkrt_bind_sampled_image(vkrt *rt, vkrt_pipeline *p, uint32_t binding,
                             VkImageView view, VkImageLayout layout)
{
    static VkSampler sampler;
    if (sampler == VK_NULL_HANDLE) {
        VkSamplerCreateInfo sampler_info = {
            .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
            .magFilter = VK_FILTER_NEAREST,
            .minFilter = VK_FILTER_NEAREST,
            .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
            .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
            .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        };
        CHECK(vkCreateSampler(rt->device, &sampler_info, NULL, &sampler));
    }
    VkDescriptorImageInfo info = {sampler, view, layout};
    VkWriteDescriptorSet write = {
        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
        .dstSet = p->set,
        .dstBinding = binding,
        .descriptorCount = 1,
        .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
        .pImageInfo = &info,
    };
    vkUpdateDescriptorSets(rt->device, 1, &write, 0, NULL);
}

