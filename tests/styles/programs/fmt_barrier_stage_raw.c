// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 57
// A tiny command language (script.h): the frame is a script of one command
// a line, "fill A 0 256 7", "barrier transfer transfer", "copy A B 256",
// which run_script() tokenises with strtok() and strtoul() and records,
// looking the buffers up by name.  The frame clears a histogram, copies a
// seed block into it and reads it back; the barrier before the readback
// was copied from the compute version of the frame and still names
// "compute" as its source stage: the readback copy reads the histogram
// with no dependency on the copy that wrote it.
#include "script.h"

static const char frame_script[] =
    "fill histogram 0 1024 0\n"
    "barrier transfer transfer\n"
    "copy seed histogram 256\n"
    "barrier compute transfer\n"
    "copy histogram readback 1024\n";

static int run_script(struct script_env *env, VkCommandBuffer cmd, const char *script)
{
    char text[512];
    char *line, *next;
    int number = 0;

    if (strlen(script) >= sizeof text)
        return -1;
    strcpy(text, script);
    for (line = text; line && *line; line = next) {
        char *op, *a, *b;

        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        number++;
        op = strtok(line, " ");
        a = strtok(NULL, " ");
        b = strtok(NULL, " ");
        if (!op || !a || !b) {
            fprintf(stderr, "line %d: expected three words at least\n", number);
            return -1;
        }
        if (strcmp(op, "fill") == 0) {
            struct script_buffer *dst = script_buffer(env, a);
            char *size = strtok(NULL, " "), *value = strtok(NULL, " ");

            if (!dst || !size || !value)
                goto bad;
            vkCmdFillBuffer(cmd, dst->buffer, strtoul(b, NULL, 0), strtoul(size, NULL, 0),
                            (uint32_t)strtoul(value, NULL, 0));
        } else if (strcmp(op, "copy") == 0) {
            struct script_buffer *src = script_buffer(env, a), *dst = script_buffer(env, b);
            char *size = strtok(NULL, " ");

            if (!src || !dst || !size)
                goto bad;
            VkBufferCopy region = {0, 0, strtoul(size, NULL, 0)};
            vkCmdCopyBuffer(cmd, src->buffer, dst->buffer, 1, &region);
        } else if (strcmp(op, "barrier") == 0) {
            VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
            VkPipelineStageFlags from = script_stage(a, 1, &barrier.srcAccessMask);
            VkPipelineStageFlags to = script_stage(b, 0, &barrier.dstAccessMask);

            if (!from || !to)
                goto bad;
            vkCmdPipelineBarrier(cmd, from, to, 0, 1, &barrier, 0, NULL, 0, NULL);
        } else {
            goto bad;
        }
        continue;
    bad:
        fprintf(stderr, "line %d: bad command '%s'\n", number, op);
        return -1;
    }
    return 0;
}

int main(void)
{
    struct lite ctx;
    struct script_env env = {.ctx = &ctx};
    VkCommandBuffer cmd;
    void *mapped;

    if (lite_init(&ctx) != 0)
        return 1;
    if (script_add_buffer(&env, "seed", 256) != 0 || script_add_buffer(&env, "histogram", 1024) != 0 ||
        script_add_buffer(&env, "readback", 1024) != 0)
        return 1;
    if (vkMapMemory(ctx.device, script_buffer(&env, "seed")->memory, 0, VK_WHOLE_SIZE, 0, &mapped) != VK_SUCCESS)
        return 1;
    memset(mapped, 1, 256);
    vkUnmapMemory(ctx.device, script_buffer(&env, "seed")->memory);

    if (lite_alloc(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    if (run_script(&env, cmd, frame_script) != 0)
        return 1;
    vkEndCommandBuffer(cmd);
    if (lite_submit(&ctx, 1, &cmd) != VK_SUCCESS)
        return 1;
    puts("frame recorded from its script");
    return 0;
}
