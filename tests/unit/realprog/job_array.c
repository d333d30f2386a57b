/* Upload jobs kept in a stb_ds-style dynamic array: a length/capacity
   header stored before the elements, `arrlen (a)` written `((a) ? hdr
   (a)->length : 0)`, grown with realloc.  The flush copies each job from
   the staging buffer; two jobs into the same buffer need a barrier
   between them, which the fixed flush finds by comparing the jobs'
   destinations in a helper. */
#include <stdlib.h>
#include <vulkan/vulkan.h>

struct arr_hdr { size_t length, capacity; };
#define arr_hdr(a) ((struct arr_hdr *)(a) - 1)
#define arrlen(a) ((a) ? arr_hdr(a)->length : 0)

struct job { VkBuffer dst; VkDeviceSize offset, size; };

#define arrcap(a) ((a) ? arr_hdr(a)->capacity : 0)

static struct job *job_push(struct job *a, struct job j)
{
    size_t n = arrlen(a);
    if (n + 1 > arrcap(a)) {
        size_t cap = arrcap(a) ? 2 * arrcap(a) : 8;
        struct arr_hdr *h = realloc(a ? (void *)arr_hdr(a) : NULL,
                                    sizeof *h + cap * sizeof(struct job));
        if (!h)
            abort();
        h->length = n;
        h->capacity = cap;
        a = (struct job *)(h + 1);
    }
    a[n] = j;
    arr_hdr(a)->length = n + 1;
    return a;
}

static int same_buffer(const struct job *a, const struct job *b)
{
    return a->dst == b->dst;
}

extern int gpu_open(VkCommandBuffer *cb, VkBuffer *staging, VkBuffer *table);

int main(void)
{
    VkCommandBuffer cb;
    VkBuffer staging, table;
    if (gpu_open(&cb, &staging, &table))
        return 1;
    struct job *jobs = NULL;
    jobs = job_push(jobs, (struct job){table, 0, 256});
    jobs = job_push(jobs, (struct job){table, 64, 16});

    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    for (size_t i = 0; i < arrlen(jobs); i++) {
#ifdef WITH_BARRIER
        if (i > 0 && same_buffer(&jobs[0], &jobs[i])) {
            VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL,
                                  VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_WRITE_BIT};
            vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                                 VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
        }
#endif
        VkBufferCopy r = {0, jobs[i].offset, jobs[i].size};
        vkCmdCopyBuffer(cb, staging, jobs[i].dst, 1, &r);
    }
    vkEndCommandBuffer(cb);
    free(arr_hdr(jobs));
    return 0;
}
