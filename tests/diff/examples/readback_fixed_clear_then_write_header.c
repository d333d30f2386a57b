// EXPECT: clean
// examples/readback/fixed_clear_then_write_header.c run for real (README.md, 'Examples').
#include "vkrt.h"
#include "../../../examples/readback/fixed_clear_then_write_header.c"

int main(int argc, char **argv)
{
    vkrt *rt = vkrt_init(argc, argv);
    VkBuffer histogram = vkrt_buffer(rt, HISTOGRAM_BYTES);
    HistogramHeader header = {.magic = 0x48495354, .version = 1, .bin_count = 1020};
    VkCommandBuffer cmd = vkrt_command_buffer(rt, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
    record_histogram_reset(cmd, histogram, &header);
    vkrt_submit_wait(rt, cmd);
    return vkrt_finish(rt);
}
