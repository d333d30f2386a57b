/*
 * script.h - buffers by name for a tiny command language.
 *
 * A program keeps its buffers in a small table and records a frame by
 * interpreting a script, one command a line:
 *
 *     fill A 0 256 7                 vkCmdFillBuffer(A, offset 0, 256 bytes, 7)
 *     barrier transfer transfer      a global memory barrier between stages
 *     copy A B 256                   vkCmdCopyBuffer(A -> B, 256 bytes)
 *
 * Names are looked up with script_buffer(); stage names ("transfer",
 * "compute", "host", ...) with script_stage(), which also gives the access
 * mask a barrier on that side uses.
 */
#ifndef SCRIPT_H
#define SCRIPT_H

#include <string.h>

#include "lite.h"

#define SCRIPT_MAX_BUFFERS 8

struct script_buffer {
    const char *name;
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
};

struct script_env {
    struct lite *ctx;
    struct script_buffer buffers[SCRIPT_MAX_BUFFERS];
    unsigned count;
};

static int script_add_buffer(struct script_env *env, const char *name, VkDeviceSize size)
{
    struct script_buffer *b;

    if (env->count == SCRIPT_MAX_BUFFERS)
        return -1;
    b = &env->buffers[env->count];
    b->name = name;
    b->size = size;
    if (lite_buffer(env->ctx, size,
                    VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                    &b->buffer, &b->memory) != VK_SUCCESS)
        return -1;
    env->count++;
    return 0;
}

static struct script_buffer *script_buffer(struct script_env *env, const char *name)
{
    for (unsigned i = 0; i < env->count; i++)
        if (strcmp(env->buffers[i].name, name) == 0)
            return &env->buffers[i];
    return NULL;
}

/* The stage a name stands for, and the accesses of that stage a barrier
 * makes available (src) or visible (dst).  0 for an unknown name. */
static VkPipelineStageFlags script_stage(const char *name, int src, VkAccessFlags *access)
{
    static const struct {
        const char *name;
        VkPipelineStageFlags stage;
        VkAccessFlags src_access, dst_access;
    } stages[] = {
        {"transfer", VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
         VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT},
        {"compute", VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
         VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT},
        {"vertex", VK_PIPELINE_STAGE_VERTEX_INPUT_BIT, 0, VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT},
        {"host", VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_WRITE_BIT, VK_ACCESS_HOST_READ_BIT},
    };

    for (unsigned i = 0; i < sizeof stages / sizeof stages[0]; i++) {
        if (strcmp(stages[i].name, name) == 0) {
            *access = src ? stages[i].src_access : stages[i].dst_access;
            return stages[i].stage;
        }
    }
    *access = 0;
    return 0;
}

#endif
