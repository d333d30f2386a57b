/*
 * vkst_trace.h - line tracing for the styles corpus (../README.md).
 *
 * Never included by a program: the build force-includes it
 * (`-include vkst_trace.h`, tests/styles/CMakeLists.txt), so the programs
 * and their helper headers stay as a user wrote them, and vksync-lint, which
 * parses them without it, sees plain calls.  It
 *
 *  - wraps every vkCmd*, vkBeginCommandBuffer and vkQueueSubmit* call, and
 *    the same calls through a dispatch table member spelled without the
 *    `vk` prefix or a global function pointer named pfn<Name>
 *    (`vk.CmdCopyBuffer(cmd, ...)`, `pfnCmdCopyBuffer(cmd, ...)`:
 *    `CmdCopyBuffer` is a function-like macro: the member's declaration and
 *    the loader's assignment are not followed by `(` and stay untouched), in
 *    a macro that first records __LINE__ for the command buffer (the
 *    command-buffer argument becomes `(vkst_trace(cmd, name, __LINE__), cmd)`)
 *    and then calls the program's own function unchanged;
 *  - routes vkCreateInstance (directly, or as returned by
 *    vkGetInstanceProcAddr, itself called directly or as returned by
 *    dlsym(libvulkan, "vkGetInstanceProcAddr")) through
 *    vkst_create_instance, which adds the
 *    VK_EXT_debug_utils messenger that prints the layer's messages as
 *    "VVL-MSG <id> line=<L> cmd=<name>" (the format run-diff.py parses);
 *  - is safe to call from several threads at once (the thr_ programs record
 *    on worker threads): the trace is kept under a mutex, and the command
 *    traced last is the calling thread's own, since the layer calls the
 *    messenger on the thread that made the call;
 *  - renames the program's main: vkst_trace.c's main calls it and prints
 *    "VKRT-DONE" when it returns 0.
 */
#ifndef VKST_TRACE_H
#define VKST_TRACE_H

#include <dlfcn.h>
#include <vulkan/vulkan.h>

void vkst_trace(VkCommandBuffer cmd, const char *name, unsigned line);
void vkst_trace_submit(unsigned line);
VkResult vkst_create_instance(const VkInstanceCreateInfo *info,
                              const VkAllocationCallbacks *allocator,
                              VkInstance *instance);
void vkst_destroy_instance(VkInstance instance,
                           const VkAllocationCallbacks *allocator);
PFN_vkVoidFunction vkst_get_instance_proc_addr(VkInstance instance,
                                               const char *name);
void *vkst_dlsym(void *library, const char *name);

#define VKST_CB(c, name) (vkst_trace((c), (name), __LINE__), (c))
#define VKST_Q(q) (vkst_trace_submit(__LINE__), (q))

/* Both spellings: the prototype's name and a table member / pointer name. */
#define vkBeginCommandBuffer(c, ...) vkBeginCommandBuffer(VKST_CB(c, "vkBeginCommandBuffer"), __VA_ARGS__)
#define vkCmdFillBuffer(c, ...) vkCmdFillBuffer(VKST_CB(c, "vkCmdFillBuffer"), __VA_ARGS__)
#define vkCmdUpdateBuffer(c, ...) vkCmdUpdateBuffer(VKST_CB(c, "vkCmdUpdateBuffer"), __VA_ARGS__)
#define vkCmdCopyBuffer(c, ...) vkCmdCopyBuffer(VKST_CB(c, "vkCmdCopyBuffer"), __VA_ARGS__)
#define vkCmdCopyBuffer2(c, ...) vkCmdCopyBuffer2(VKST_CB(c, "vkCmdCopyBuffer2"), __VA_ARGS__)
#define vkCmdCopyImage(c, ...) vkCmdCopyImage(VKST_CB(c, "vkCmdCopyImage"), __VA_ARGS__)
#define vkCmdCopyBufferToImage(c, ...) vkCmdCopyBufferToImage(VKST_CB(c, "vkCmdCopyBufferToImage"), __VA_ARGS__)
#define vkCmdCopyImageToBuffer(c, ...) vkCmdCopyImageToBuffer(VKST_CB(c, "vkCmdCopyImageToBuffer"), __VA_ARGS__)
#define vkCmdBlitImage(c, ...) vkCmdBlitImage(VKST_CB(c, "vkCmdBlitImage"), __VA_ARGS__)
#define vkCmdClearColorImage(c, ...) vkCmdClearColorImage(VKST_CB(c, "vkCmdClearColorImage"), __VA_ARGS__)
#define vkCmdPipelineBarrier(c, ...) vkCmdPipelineBarrier(VKST_CB(c, "vkCmdPipelineBarrier"), __VA_ARGS__)
#define vkCmdPipelineBarrier2(c, ...) vkCmdPipelineBarrier2(VKST_CB(c, "vkCmdPipelineBarrier2"), __VA_ARGS__)
#define vkCmdBeginRenderPass(c, ...) vkCmdBeginRenderPass(VKST_CB(c, "vkCmdBeginRenderPass"), __VA_ARGS__)
#define vkCmdEndRenderPass(c) vkCmdEndRenderPass(VKST_CB(c, "vkCmdEndRenderPass"))
#define vkCmdDraw(c, ...) vkCmdDraw(VKST_CB(c, "vkCmdDraw"), __VA_ARGS__)
#define vkCmdDispatch(c, ...) vkCmdDispatch(VKST_CB(c, "vkCmdDispatch"), __VA_ARGS__)
/* vkCmdBindPipeline is not traced: the 1.3.239 layer does not
 * number it (a dispatch after copy, copy, barrier and a pipeline bind is
 * seq_no 4), so a hazard found at submit time in a command after a bind
 * was mapped one command off (imui_viewport_buffers_war, written after
 * the programs whose hazards all came before their binds). */
/* vkCmdResetQueryPool and vkCmdWriteTimestamp2 (and, unchecked,
 * vkCmdBeginQuery / vkCmdEndQuery) are not traced: the 1.3.239 layer does
 * not count them in a command's seq_no (they touch no memory it tracks),
 * so tracing them would shift the mapping of a hazard found at submit
 * time. */
#define vkCmdDispatchIndirect(c, ...) vkCmdDispatchIndirect(VKST_CB(c, "vkCmdDispatchIndirect"), __VA_ARGS__)
#define vkCmdDrawIndirect(c, ...) vkCmdDrawIndirect(VKST_CB(c, "vkCmdDrawIndirect"), __VA_ARGS__)
#define vkCmdCopyQueryPoolResults(c, ...) vkCmdCopyQueryPoolResults(VKST_CB(c, "vkCmdCopyQueryPoolResults"), __VA_ARGS__)
#define vkCmdExecuteCommands(c, ...) vkCmdExecuteCommands(VKST_CB(c, "vkCmdExecuteCommands"), __VA_ARGS__)
#define vkQueueSubmit(q, ...) vkQueueSubmit(VKST_Q(q), __VA_ARGS__)
#define vkQueueSubmit2(q, ...) vkQueueSubmit2(VKST_Q(q), __VA_ARGS__)

#define BeginCommandBuffer(c, ...) BeginCommandBuffer(VKST_CB(c, "vkBeginCommandBuffer"), __VA_ARGS__)
#define CmdFillBuffer(c, ...) CmdFillBuffer(VKST_CB(c, "vkCmdFillBuffer"), __VA_ARGS__)
#define CmdUpdateBuffer(c, ...) CmdUpdateBuffer(VKST_CB(c, "vkCmdUpdateBuffer"), __VA_ARGS__)
#define CmdCopyBuffer(c, ...) CmdCopyBuffer(VKST_CB(c, "vkCmdCopyBuffer"), __VA_ARGS__)
#define CmdCopyBuffer2(c, ...) CmdCopyBuffer2(VKST_CB(c, "vkCmdCopyBuffer2"), __VA_ARGS__)
#define CmdCopyImage(c, ...) CmdCopyImage(VKST_CB(c, "vkCmdCopyImage"), __VA_ARGS__)
#define CmdCopyBufferToImage(c, ...) CmdCopyBufferToImage(VKST_CB(c, "vkCmdCopyBufferToImage"), __VA_ARGS__)
#define CmdCopyImageToBuffer(c, ...) CmdCopyImageToBuffer(VKST_CB(c, "vkCmdCopyImageToBuffer"), __VA_ARGS__)
#define CmdBlitImage(c, ...) CmdBlitImage(VKST_CB(c, "vkCmdBlitImage"), __VA_ARGS__)
#define CmdClearColorImage(c, ...) CmdClearColorImage(VKST_CB(c, "vkCmdClearColorImage"), __VA_ARGS__)
#define CmdPipelineBarrier(c, ...) CmdPipelineBarrier(VKST_CB(c, "vkCmdPipelineBarrier"), __VA_ARGS__)
#define CmdPipelineBarrier2(c, ...) CmdPipelineBarrier2(VKST_CB(c, "vkCmdPipelineBarrier2"), __VA_ARGS__)
#define CmdExecuteCommands(c, ...) CmdExecuteCommands(VKST_CB(c, "vkCmdExecuteCommands"), __VA_ARGS__)
#define QueueSubmit(q, ...) QueueSubmit(VKST_Q(q), __VA_ARGS__)
#define QueueSubmit2(q, ...) QueueSubmit2(VKST_Q(q), __VA_ARGS__)

/* Global function pointers named pfn<Name> (pfnCmdCopyBuffer). */
#define pfnBeginCommandBuffer(c, ...) pfnBeginCommandBuffer(VKST_CB(c, "vkBeginCommandBuffer"), __VA_ARGS__)
#define pfnCmdFillBuffer(c, ...) pfnCmdFillBuffer(VKST_CB(c, "vkCmdFillBuffer"), __VA_ARGS__)
#define pfnCmdUpdateBuffer(c, ...) pfnCmdUpdateBuffer(VKST_CB(c, "vkCmdUpdateBuffer"), __VA_ARGS__)
#define pfnCmdCopyBuffer(c, ...) pfnCmdCopyBuffer(VKST_CB(c, "vkCmdCopyBuffer"), __VA_ARGS__)
#define pfnCmdCopyBuffer2(c, ...) pfnCmdCopyBuffer2(VKST_CB(c, "vkCmdCopyBuffer2"), __VA_ARGS__)
#define pfnCmdCopyImage(c, ...) pfnCmdCopyImage(VKST_CB(c, "vkCmdCopyImage"), __VA_ARGS__)
#define pfnCmdCopyBufferToImage(c, ...) pfnCmdCopyBufferToImage(VKST_CB(c, "vkCmdCopyBufferToImage"), __VA_ARGS__)
#define pfnCmdCopyImageToBuffer(c, ...) pfnCmdCopyImageToBuffer(VKST_CB(c, "vkCmdCopyImageToBuffer"), __VA_ARGS__)
#define pfnCmdBlitImage(c, ...) pfnCmdBlitImage(VKST_CB(c, "vkCmdBlitImage"), __VA_ARGS__)
#define pfnCmdClearColorImage(c, ...) pfnCmdClearColorImage(VKST_CB(c, "vkCmdClearColorImage"), __VA_ARGS__)
#define pfnCmdPipelineBarrier(c, ...) pfnCmdPipelineBarrier(VKST_CB(c, "vkCmdPipelineBarrier"), __VA_ARGS__)
#define pfnCmdPipelineBarrier2(c, ...) pfnCmdPipelineBarrier2(VKST_CB(c, "vkCmdPipelineBarrier2"), __VA_ARGS__)
#define pfnQueueSubmit(q, ...) pfnQueueSubmit(VKST_Q(q), __VA_ARGS__)
#define pfnQueueSubmit2(q, ...) pfnQueueSubmit2(VKST_Q(q), __VA_ARGS__)

#define vkCreateInstance(...) vkst_create_instance(__VA_ARGS__)
#define vkDestroyInstance(...) vkst_destroy_instance(__VA_ARGS__)
#define vkGetInstanceProcAddr(...) vkst_get_instance_proc_addr(__VA_ARGS__)
/* A loader that dlopens libvulkan gets vkGetInstanceProcAddr from dlsym. */
#define dlsym(...) vkst_dlsym(__VA_ARGS__)

#define main vkst_program_main

#endif
