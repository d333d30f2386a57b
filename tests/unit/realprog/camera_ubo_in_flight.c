/* A spinning model's uniform buffer, persistently mapped, written by the
   matrix helpers of a linmath-style header straight into the mapping
   (`mat4x4_mul (ubo->mvp, proj, view)`), as vkcube's own demo does with a
   memcpy.  The next frame's matrix is written while the first frame's
   copy of the uniform buffer may still be reading it: the fence wait
   comes after the multiplication, not before (host-access-before-wait).
   With WITH_BARRIER the wait comes first.  A helper that only computes
   numbers is not run (its results are unknown), unless, as here, it is
   handed mapped memory: its writes there are host writes. */
#include <math.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

typedef float vec4[4];
typedef vec4 mat4x4[4];

static inline void mat4x4_identity(mat4x4 m)
{
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            m[i][j] = i == j ? 1.f : 0.f;
}

static inline void mat4x4_mul(mat4x4 out, mat4x4 a, mat4x4 b)
{
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) {
            out[c][r] = 0.f;
            for (int k = 0; k < 4; ++k)
                out[c][r] += a[k][r] * b[c][k];
        }
}

static inline void mat4x4_rotate_z(mat4x4 out, mat4x4 m, float angle)
{
    float s = sinf(angle), c = cosf(angle);
    mat4x4 r = {{c, s, 0.f, 0.f}, {-s, c, 0.f, 0.f}, {0.f, 0.f, 1.f, 0.f}, {0.f, 0.f, 0.f, 1.f}};
    mat4x4_mul(out, m, r);
}

struct uniforms {
    mat4x4 mvp;
    vec4 tint;
};

struct spinner {
    VkDevice device;
    VkQueue queue;
    VkCommandBuffer cmd;
    VkFence frame_done;
    VkBuffer uniform_buffer, uniform_history;
    VkDeviceMemory uniform_memory;
    mat4x4 projection, view;
};

void spin_two_frames(struct spinner *s, float angle)
{
    struct uniforms *ubo;
    vkBindBufferMemory(s->device, s->uniform_buffer, s->uniform_memory, 0);
    vkMapMemory(s->device, s->uniform_memory, 0, VK_WHOLE_SIZE, 0, (void **)&ubo);

    mat4x4 model, view_model;
    mat4x4_identity(model);
    mat4x4_rotate_z(model, model, angle);
    mat4x4_mul(view_model, s->view, model);
    mat4x4_mul(ubo->mvp, s->projection, view_model);

    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(s->cmd, &begin);
    VkBufferCopy keep = {0, 0, sizeof(struct uniforms)};
    vkCmdCopyBuffer(s->cmd, s->uniform_buffer, s->uniform_history, 1, &keep);
    vkEndCommandBuffer(s->cmd);
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &s->cmd,
    };
    vkQueueSubmit(s->queue, 1, &submit, s->frame_done);

    mat4x4_rotate_z(model, model, angle);
    mat4x4_mul(view_model, s->view, model);
#ifdef WITH_BARRIER /* the fence wait before the next frame's matrix */
    vkWaitForFences(s->device, 1, &s->frame_done, VK_TRUE, UINT64_MAX);
    mat4x4_mul(ubo->mvp, s->projection, view_model);
#else
    mat4x4_mul(ubo->mvp, s->projection, view_model);
    vkWaitForFences(s->device, 1, &s->frame_done, VK_TRUE, UINT64_MAX);
#endif
    vkResetFences(s->device, 1, &s->frame_done);
    vkQueueSubmit(s->queue, 1, &submit, s->frame_done);
    vkWaitForFences(s->device, 1, &s->frame_done, VK_TRUE, UINT64_MAX);
}
