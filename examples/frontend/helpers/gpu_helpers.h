/* gpu_helpers.h - small recording helpers shared by the renderer's passes. */
#ifndef GPU_HELPERS_H
#define GPU_HELPERS_H

#include <vulkan/vulkan.h>

typedef struct {
    VkBuffer staging;   /* host-visible upload ring */
    VkBuffer vertices;  /* device-local vertex buffer */
    VkBuffer indirect;  /* draw parameters written by a compute pass */
} Scene;

void upload_vertices(VkCommandBuffer cmd, const Scene *scene, VkDeviceSize bytes);
void buffer_barrier(VkCommandBuffer cmd, VkBuffer buffer,
                    VkPipelineStageFlags2 src_stage, VkAccessFlags2 src_access,
                    VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access);
void reset_indirect(VkCommandBuffer cmd, const Scene *scene);

#endif
