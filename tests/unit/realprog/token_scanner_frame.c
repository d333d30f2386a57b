/* A frame read from a description by a hand-written scanner: words are
   gathered with isalpha / isalnum into a buffer, one character at a time,
   and compared with the keywords by strcmp; numbers are read with
   strtoul (p, &end, 10).  "fill 0 copy 0 1 barrier" clears buffer 0 and
   copies it into buffer 1 with the barrier after the copy; the twin's
   description has it between them. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

extern int gpu_open(VkCommandBuffer *cb, VkBuffer *bufs);

#ifdef WITH_BARRIER
static const char frame[] = "fill 0\n barrier\n copy 0 1\n";
#else
static const char frame[] = "fill 0\n copy 0 1\n barrier\n";
#endif

static const char *p = frame;
static char word[16];

static int next_word(void)
{
    size_t n = 0;
    while (isspace((unsigned char)*p))
        p++;
    while (isalnum((unsigned char)*p) && n + 1 < sizeof word)
        word[n++] = *p++;
    word[n] = '\0';
    return n > 0;
}

static unsigned next_number(void)
{
    char *end;
    unsigned long v = strtoul(p, &end, 10);
    p = end;
    return (unsigned)v;
}

int main(void)
{
    VkCommandBuffer cb;
    VkBuffer bufs[2];
    if (gpu_open(&cb, bufs))
        return 1;
    VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &bi);
    while (next_word()) {
        if (strcmp(word, "fill") == 0) {
            vkCmdFillBuffer(cb, bufs[next_number()], 0, 256, 0);
        } else if (strcmp(word, "copy") == 0) {
            unsigned src = next_number(), dst = next_number();
            VkBufferCopy region = {0, 0, 256};
            vkCmdCopyBuffer(cb, bufs[src], bufs[dst], 1, &region);
        } else if (strcmp(word, "barrier") == 0) {
            VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL,
                                  VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT};
            vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                                 VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
        } else {
            return 1;
        }
    }
    vkEndCommandBuffer(cb);
    return 0;
}
