/*
 * vec.h - type-safe dynamic arrays by macro, as rxi's vec: `vec_t(T)`
 * declares an anonymous struct of data, length and capacity, and the
 * macros hand its members to untyped helpers through vec_unpack_, which
 * passes the data pointer as a `char **` and the element size, so one
 * vec_expand_ grows every vector with realloc:
 *
 *     typedef vec_t(VkBuffer) vec_buffer_t;
 *     vec_buffer_t dirty;
 *     vec_init(&dirty);
 *     vec_push(&dirty, buffer);
 *     int i; VkBuffer b;
 *     vec_foreach(&dirty, b, i) { ... }
 *     vec_deinit(&dirty);
 */
#ifndef VEC_H
#define VEC_H

#include <stdlib.h>
#include <string.h>

#define vec_unpack_(v) (char **)&(v)->data, &(v)->length, &(v)->capacity, sizeof(*(v)->data)

#define vec_t(T)          \
    struct {              \
        T *data;          \
        int length, capacity; \
    }

#define vec_init(v) memset((v), 0, sizeof(*(v)))

#define vec_deinit(v) (free((v)->data), vec_init(v))

/* rxi's is `( ... ? -1 : (..., 0), 0 )`; -1 when the vector cannot grow */
#define vec_push(v, val) (vec_expand_(vec_unpack_(v)) ? -1 : ((v)->data[(v)->length++] = (val), 0))

#define vec_pop(v) (v)->data[--(v)->length]

#define vec_clear(v) ((v)->length = 0)

#define vec_foreach(v, var, iter)                                                       \
    if ((v)->length > 0)                                                                \
        for ((iter) = 0; (iter) < (v)->length && (((var) = (v)->data[(iter)]), 1); ++(iter))

#define vec_foreach_ptr(v, var, iter)                                                   \
    if ((v)->length > 0)                                                                \
        for ((iter) = 0; (iter) < (v)->length && (((var) = &(v)->data[(iter)]), 1); ++(iter))

static int vec_expand_(char **data, int *length, int *capacity, int memsz)
{
    if (*length + 1 > *capacity) {
        void *ptr;
        int n = (*capacity == 0) ? 1 : *capacity << 1;
        ptr = realloc(*data, n * memsz);
        if (ptr == NULL)
            return -1;
        *data = ptr;
        *capacity = n;
    }
    return 0;
}

#endif
