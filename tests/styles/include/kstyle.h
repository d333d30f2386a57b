/*
 * kstyle.h - GNU C as kernel-style C writes it: statement expressions in
 * macros (`MIN` / `MAX` with `__typeof__`, `VK_CHECK` yielding the call's
 * result), `__auto_type`, `likely()` / `unlikely()` over
 * `__builtin_expect`, `ARRAY_SIZE` that refuses a pointer
 * (`__builtin_types_compatible_p`), and the device setup the gnu_
 * programs share (on lite.h).  Tables in the programs use range
 * designators (`[1 ... N - 1] = x`, later entries overriding a range, as
 * the kernel's syscall tables do; built with -Wno-override-init as the
 * kernel builds them) and case ranges (`case 1 ... 3:`).
 */
#ifndef KSTYLE_H
#define KSTYLE_H

#include "lite.h"

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

#define MIN(a, b)                                                                                                      \
    ({                                                                                                                 \
        __typeof__(a) _a = (a);                                                                                        \
        __typeof__(b) _b = (b);                                                                                        \
        _a < _b ? _a : _b;                                                                                             \
    })
#define MAX(a, b)                                                                                                      \
    ({                                                                                                                 \
        __typeof__(a) _a = (a);                                                                                        \
        __typeof__(b) _b = (b);                                                                                        \
        _a > _b ? _a : _b;                                                                                             \
    })

#define __must_be_array(a) (sizeof(char[1 - 2 * __builtin_types_compatible_p(__typeof__(a), __typeof__(&(a)[0]))]) - 1)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]) + __must_be_array(a))

static inline __attribute__((noreturn)) void k_die(const char *what, VkResult r)
{
    fprintf(stderr, "%s failed: %d\n", what, (int)r);
    exit(1);
}

/* The call's VkResult, after dying on a failure. */
#define VK_CHECK(call)                                                                                                 \
    ({                                                                                                                 \
        __auto_type _r = (call);                                                                                       \
        if (unlikely(_r != VK_SUCCESS))                                                                                \
            k_die(#call, _r);                                                                                          \
        _r;                                                                                                            \
    })

struct kdev {
    struct lite vk;
    VkCommandBuffer cmd;
};

static inline void kdev_init(struct kdev *d)
{
    if (unlikely(lite_init(&d->vk) != 0))
        k_die("lite_init", VK_ERROR_INITIALIZATION_FAILED);
    VK_CHECK(lite_alloc(&d->vk, 1, &d->cmd));
}

#endif
