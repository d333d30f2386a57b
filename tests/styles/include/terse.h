/*
 * terse.h - the macros of a programmer who likes dense C: statement
 * macros wrapped in `do { ... } while (0)`, leaving early with `break`,
 * and a result variable assigned inside the condition that tests it.
 *
 *     VkResult r;
 *     TRY(r, vkQueueSubmit(q, 1, &si, fence), fail);   // goto fail on error
 *     BARRIER_IF(cmd, need, src_stage, dst_stage, src_access, dst_access);
 */
#ifndef TERSE_H
#define TERSE_H

#include "lite.h"

#define countof(a) (sizeof(a) / sizeof *(a))

/* r = call; on anything but VK_SUCCESS say which call and jump. */
#define TRY(r, call, label)                                                 \
    do {                                                                    \
        if (((r) = (call)) != VK_SUCCESS) {                                 \
            fprintf(stderr, "%s:%d: %s -> %d\n", __FILE__, __LINE__, #call, \
                    (int)(r));                                              \
            goto label;                                                     \
        }                                                                   \
    } while (0)

/* One global memory barrier, recorded only when `need` is non-zero. */
#define BARRIER_IF(cmd, need, ss, ds, sa, da)                               \
    do {                                                                    \
        if (!(need))                                                        \
            break;                                                          \
        vkCmdPipelineBarrier((cmd), (ss), (ds), 0, 1,                       \
                             &(VkMemoryBarrier){                            \
                                 VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL,    \
                                 (sa), (da)},                               \
                             0, NULL, 0, NULL);                             \
    } while (0)

/* Begin, with ONE_TIME_SUBMIT, or say why not. */
#define BEGIN(r, cmd, label)                                                \
    TRY(r, vkBeginCommandBuffer((cmd), &(VkCommandBufferBeginInfo){         \
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,           \
            .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT}), label)

#endif
