/* A tool that bakes its upload from a recipe, the way small C utilities
   read a config: the recipe is one step a line ("clear atlas 0 4096",
   "sync", "copy atlas mips 2048"), copied into a buffer, split into lines
   with strchr and into words with strtok, sizes read with strtoul, the
   buffers found by name in a table.  The copy reads the atlas the clear
   wrote; the recipe's "sync" step sits after the copy instead of before
   it.  With WITH_BARRIER the recipe syncs before the copy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#ifdef WITH_BARRIER
static const char recipe[] = "clear atlas 0 4096\n"
                             "sync\n"
                             "copy atlas mips 2048\n";
#else
static const char recipe[] = "clear atlas 0 4096\n"
                             "copy atlas mips 2048\n"
                             "sync\n";
#endif

struct named { const char *name; VkBuffer buffer; };

struct baker {
    VkCommandBuffer cmd;
    struct named buffers[3];
};

static VkBuffer find(struct baker *b, const char *name)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(b->buffers[i].name, name) == 0)
            return b->buffers[i].buffer;
    return VK_NULL_HANDLE;
}

static int step(struct baker *b, char *words)
{
    char *verb = strtok(words, " ");
    if (!verb)
        return 0;
    if (strcmp(verb, "sync") == 0) {
        VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL,
                              VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT};
        vkCmdPipelineBarrier(b->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
        return 0;
    }
    char *what = strtok(NULL, " "), *third = strtok(NULL, " "), *fourth = strtok(NULL, " ");
    if (!what || !third)
        return -1;
    if (strcmp(verb, "clear") == 0 && fourth) {
        vkCmdFillBuffer(b->cmd, find(b, what), strtoul(third, NULL, 10),
                        strtoul(fourth, NULL, 10), 0);
        return 0;
    }
    if (strcmp(verb, "copy") == 0) {
        VkBufferCopy region = {0, 0, strtoul(fourth, NULL, 10)};
        vkCmdCopyBuffer(b->cmd, find(b, what), find(b, third), 1, &region);
        return 0;
    }
    fprintf(stderr, "unknown step '%s'\n", verb);
    return -1;
}

int bake(VkCommandBuffer cmd, VkBuffer atlas, VkBuffer mips, VkBuffer scratch)
{
    struct baker baker = {cmd, {{"scratch", scratch}, {"atlas", atlas}, {"mips", mips}}};
    struct baker *b = &baker;
    char text[256];
    strcpy(text, recipe);
    VkCommandBufferBeginInfo begin = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(b->cmd, &begin);
    char *line = text;
    while (*line) {
        char *end = strchr(line, '\n');
        if (!end)
            break;
        *end = '\0';
        if (step(b, line) != 0)
            return -1;
        line = end + 1;
    }
    return vkEndCommandBuffer(b->cmd) == VK_SUCCESS ? 0 : -1;
}
