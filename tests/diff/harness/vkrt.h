/*
 * vkrt.h - the runtime shared by the differential-test programs
 * (tests/diff/programs/): instance, lavapipe device, buffers and images with
 * memory, pipelines, descriptor sets, submit-and-wait.
 *
 * Each program is only its recording function(s) and main: the recording
 * code is written the way a Vulkan developer writes it (vkCmd* calls, local
 * barrier structs), because vksync-lint's C front end analyses exactly those
 * files.  Everything here is setup the analyser does not need to see.
 *
 * Hazard to source line mapping (README.md in this folder): when a program
 * is built for running (VKRT_TRACE defined, as tests/diff/CMakeLists.txt
 * does), every vkCmd* / vkBeginCommandBuffer / vkQueueSubmit* call goes
 * through a macro that first records __LINE__ for the command buffer, then
 * calls the real entry point unchanged.  The validation layer reports a
 * record-time hazard from inside the vkCmd* call, so the line recorded last
 * is the command's line; a submit-time hazard names the command buffer and
 * the command's sequence number, which the trace maps to its line.  The
 * analyser parses the files without VKRT_TRACE and sees plain calls.
 */
#ifndef VKRT_H
#define VKRT_H

#include <stdbool.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

typedef struct {
    VkInstance instance;
    VkPhysicalDevice physical_device;
    VkDevice device;
    VkQueue queue;
    uint32_t queue_family;
    VkCommandPool pool;
    VkDescriptorPool descriptor_pool;
    VkDebugUtilsMessengerEXT messenger;
    VkPhysicalDeviceMemoryProperties memory_properties;
    int argc;
    char **argv;
} vkrt;

/* Creates the instance (with the debug messenger), the device on the
 * lavapipe queue (Vulkan 1.3: synchronization2 and dynamic rendering on). */
vkrt *vkrt_init(int argc, char **argv);
/* Waits for the device, prints "VKRT-DONE" and destroys everything; the
 * exit status of the program. */
int vkrt_finish(vkrt *rt);
/* True when the program was started with the switch `name` ("--late-read"). */
bool vkrt_switch(const vkrt *rt, const char *name);

/* A buffer bound to its own host-visible memory. */
VkBuffer vkrt_buffer(vkrt *rt, VkDeviceSize size);
void *vkrt_buffer_map(vkrt *rt, VkBuffer buffer);

/* A 2D colour image (optimal tiling, its own memory), initial layout
 * UNDEFINED, usable as transfer src/dst, sampled, storage, colour and input
 * attachment. */
VkImage vkrt_image(vkrt *rt, VkFormat format, uint32_t width, uint32_t height,
                   uint32_t mip_levels, uint32_t array_layers);
VkImage vkrt_depth_image(vkrt *rt, uint32_t width, uint32_t height);
VkImageView vkrt_image_view(vkrt *rt, VkImage image, VkFormat format,
                            VkImageAspectFlags aspect);

VkCommandBuffer vkrt_command_buffer(vkrt *rt, VkCommandBufferLevel level);
VkEvent vkrt_event(vkrt *rt);
VkSemaphore vkrt_semaphore(vkrt *rt);
VkFence vkrt_fence(vkrt *rt);
/* vkQueueSubmit of one command buffer, then vkQueueWaitIdle. */
void vkrt_submit_wait(vkrt *rt, VkCommandBuffer cmd);

/* ---- pipelines: shader names are files in VKRT_SHADER_DIR (NAME.spv) ---- */

/* A compute pipeline with one descriptor set of `binding_count` bindings of
 * the given types (storage buffer / storage image / combined sampler). */
typedef struct {
    VkPipeline pipeline;
    VkPipelineLayout layout;
    VkDescriptorSetLayout set_layout;
    VkDescriptorSet set;
} vkrt_pipeline;

vkrt_pipeline vkrt_compute_pipeline(vkrt *rt, const char *shader,
                                    uint32_t binding_count,
                                    const VkDescriptorType *types);
/* Graphics: a full-screen triangle (fullscreen.vert) with `fragment`,
 * no vertex input, one colour attachment of `format`, optionally depth;
 * either for `render_pass` (subpass 0) or, when it is VK_NULL_HANDLE, for
 * dynamic rendering. */
vkrt_pipeline vkrt_graphics_pipeline(vkrt *rt, const char *fragment,
                                     uint32_t binding_count,
                                     const VkDescriptorType *types,
                                     VkRenderPass render_pass, VkFormat format,
                                     bool depth);
/* The same for subpass `subpass` of `render_pass`. */
vkrt_pipeline vkrt_subpass_pipeline(vkrt *rt, const char *fragment,
                                    uint32_t binding_count,
                                    const VkDescriptorType *types,
                                    VkRenderPass render_pass, uint32_t subpass,
                                    VkFormat format, bool depth);
/* Descriptor writes for binding `binding` of the pipeline's set. */
void vkrt_bind_buffer(vkrt *rt, vkrt_pipeline *p, uint32_t binding,
                      VkBuffer buffer);
void vkrt_bind_storage_image(vkrt *rt, vkrt_pipeline *p, uint32_t binding,
                             VkImageView view);
void vkrt_bind_sampled_image(vkrt *rt, vkrt_pipeline *p, uint32_t binding,
                             VkImageView view, VkImageLayout layout);

/* A framebuffer of `count` attachments (render passes are created by the
 * programs themselves: their dependencies are what is being tested). */
VkFramebuffer vkrt_framebuffer(vkrt *rt, VkRenderPass pass, uint32_t count,
                               const VkImageView *views, uint32_t width,
                               uint32_t height);

/* ---- line tracing (see the header comment) ---- */
void vkrt_trace(VkCommandBuffer cmd, const char *name, unsigned line);
void vkrt_trace_submit(unsigned line);

#ifdef VKRT_TRACE
#define VKRT_CMD(fn, cmd, ...) \
    (vkrt_trace((cmd), #fn, __LINE__), (fn)((cmd), __VA_ARGS__))
#define VKRT_CMD0(fn, cmd) (vkrt_trace((cmd), #fn, __LINE__), (fn)(cmd))
#define vkBeginCommandBuffer(c, ...) VKRT_CMD(vkBeginCommandBuffer, c, __VA_ARGS__)
#define vkCmdFillBuffer(c, ...) VKRT_CMD(vkCmdFillBuffer, c, __VA_ARGS__)
#define vkCmdUpdateBuffer(c, ...) VKRT_CMD(vkCmdUpdateBuffer, c, __VA_ARGS__)
#define vkCmdCopyBuffer(c, ...) VKRT_CMD(vkCmdCopyBuffer, c, __VA_ARGS__)
#define vkCmdCopyBuffer2(c, ...) VKRT_CMD(vkCmdCopyBuffer2, c, __VA_ARGS__)
#define vkCmdCopyImage(c, ...) VKRT_CMD(vkCmdCopyImage, c, __VA_ARGS__)
#define vkCmdCopyBufferToImage(c, ...) VKRT_CMD(vkCmdCopyBufferToImage, c, __VA_ARGS__)
#define vkCmdCopyImageToBuffer(c, ...) VKRT_CMD(vkCmdCopyImageToBuffer, c, __VA_ARGS__)
#define vkCmdBlitImage(c, ...) VKRT_CMD(vkCmdBlitImage, c, __VA_ARGS__)
#define vkCmdClearColorImage(c, ...) VKRT_CMD(vkCmdClearColorImage, c, __VA_ARGS__)
#define vkCmdPipelineBarrier(c, ...) VKRT_CMD(vkCmdPipelineBarrier, c, __VA_ARGS__)
#define vkCmdPipelineBarrier2(c, ...) VKRT_CMD(vkCmdPipelineBarrier2, c, __VA_ARGS__)
#define vkCmdBindPipeline(c, ...) VKRT_CMD(vkCmdBindPipeline, c, __VA_ARGS__)
#define vkCmdBindDescriptorSets(c, ...) VKRT_CMD(vkCmdBindDescriptorSets, c, __VA_ARGS__)
#define vkCmdDispatch(c, ...) VKRT_CMD(vkCmdDispatch, c, __VA_ARGS__)
#define vkCmdDispatchIndirect(c, ...) VKRT_CMD(vkCmdDispatchIndirect, c, __VA_ARGS__)
#define vkCmdDraw(c, ...) VKRT_CMD(vkCmdDraw, c, __VA_ARGS__)
#define vkCmdDrawIndexed(c, ...) VKRT_CMD(vkCmdDrawIndexed, c, __VA_ARGS__)
#define vkCmdBindVertexBuffers(c, ...) VKRT_CMD(vkCmdBindVertexBuffers, c, __VA_ARGS__)
#define vkCmdBindIndexBuffer(c, ...) VKRT_CMD(vkCmdBindIndexBuffer, c, __VA_ARGS__)
#define vkCmdNextSubpass(c, ...) VKRT_CMD(vkCmdNextSubpass, c, __VA_ARGS__)
#define vkCmdBeginRenderPass(c, ...) VKRT_CMD(vkCmdBeginRenderPass, c, __VA_ARGS__)
#define vkCmdEndRenderPass(c) VKRT_CMD0(vkCmdEndRenderPass, c)
#define vkCmdBeginRendering(c, ...) VKRT_CMD(vkCmdBeginRendering, c, __VA_ARGS__)
#define vkCmdEndRendering(c) VKRT_CMD0(vkCmdEndRendering, c)
#define vkCmdSetEvent(c, ...) VKRT_CMD(vkCmdSetEvent, c, __VA_ARGS__)
#define vkCmdSetEvent2(c, ...) VKRT_CMD(vkCmdSetEvent2, c, __VA_ARGS__)
#define vkCmdResetEvent(c, ...) VKRT_CMD(vkCmdResetEvent, c, __VA_ARGS__)
#define vkCmdWaitEvents(c, ...) VKRT_CMD(vkCmdWaitEvents, c, __VA_ARGS__)
#define vkCmdWaitEvents2(c, ...) VKRT_CMD(vkCmdWaitEvents2, c, __VA_ARGS__)
#define vkCmdExecuteCommands(c, ...) VKRT_CMD(vkCmdExecuteCommands, c, __VA_ARGS__)
#define vkQueueSubmit(q, ...) \
    (vkrt_trace_submit(__LINE__), (vkQueueSubmit)((q), __VA_ARGS__))
#define vkQueueSubmit2(q, ...) \
    (vkrt_trace_submit(__LINE__), (vkQueueSubmit2)((q), __VA_ARGS__))
#endif

#endif
