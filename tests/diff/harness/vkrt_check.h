/*
 * vkrt_check.h - the runtime's check of a setup call (vkrt.c,
 * vkrt_attachments.c): a failure prints "VKRT-ERROR <call> failed" and
 * exits 3, so the harness can tell a broken program from a hazard.
 */
#ifndef VKRT_CHECK_H
#define VKRT_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                        \
    do {                                                                   \
        VkResult check_result_ = (call);                                   \
        if (check_result_ != VK_SUCCESS) {                                 \
            printf("VKRT-ERROR %s failed: VkResult %d\n", #call,           \
                   (int)check_result_);                                    \
            exit(3);                                                       \
        }                                                                  \
    } while (0)

#endif
