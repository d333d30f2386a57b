/* A renderer whose init and record are separate functions, both called by
   the application elsewhere: buffers come from the header's constructor
   returning a struct by value (issue 11, cause 7).  The two copies write
   two different buffers: race-free. */
#include "vkhelpers.h"

typedef struct {
    VkDevice dev;
    VkCommandBuffer cmd;
    vkh_buffer vertices, staging, uniforms;
} Renderer;

void renderer_init(Renderer *r)
{
    r->vertices = vkh_make_buffer(r->dev, 4096);
    r->staging = vkh_make_buffer(r->dev, 4096);
    r->uniforms = vkh_make_buffer(r->dev, 4096);
}

void renderer_record(Renderer *r)
{
    vkh_begin(r->cmd);
    VkBufferCopy whole = {0, 0, 4096};
    vkCmdCopyBuffer(r->cmd, r->staging.buffer, r->vertices.buffer, 1, &whole);
    vkCmdCopyBuffer(r->cmd, r->staging.buffer, r->uniforms.buffer, 1, &whole);
    vkh_end(r->cmd);
}
