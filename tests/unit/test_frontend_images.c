/*
 * test_frontend_images.c - the front end's side of issue 3: images and
 * their layouts, the transfer commands on images, events, draws and their
 * fixed-function accesses, render passes (created in one function, begun
 * in another), dynamic rendering, queries, queue family ownership
 * transfers and secondary command buffers.  Small C programs are written
 * to a temporary directory and analysed; the IR is compared with what the
 * Vulkan spec says each command does, and end-to-end findings are checked
 * where the engine decides them already.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "util.h"
#include "vksync/engine.h"

static test_analysis *analyse(const char *source)
{
    static const char *const names[] = {"rec.c"};
    test_write_file("rec.c", source);
    return test_analyse(names, 1);
}

/* The IR must contain this line (the printed form, ir.c). */
#define ck_assert_ir_has(a, line)                                              \
    ck_assert_msg(strstr((a)->ir, line "\n") != NULL, "IR lacks <%s>:\n%s", line, \
                  (a)->ir)

static const vks_cmd *cmd_at(const test_analysis *a, size_t cb, unsigned line)
{
    const vks_cmdbuf *c = &a->program->cmdbufs[cb];
    for (size_t i = 0; i < c->cmd_count; i++)
        if (c->cmds[i].loc.line == line)
            return &c->cmds[i];
    ck_abort_msg("no command on line %u", line);
    return NULL;
}

static const vks_resource *resource_named(const test_analysis *a, const char *name)
{
    for (size_t i = 0; i < a->program->resource_count; i++)
        if (strcmp(a->program->resources[i].name, name) == 0)
            return &a->program->resources[i];
    ck_abort_msg("no resource %s", name);
    return NULL;
}

static const char images_source[] =
        "#include <vulkan/vulkan.h>\n"
        "typedef struct { VkDevice device; VkImage color, depth, bc; VkBuffer staging, readback; } Scene;\n"
        "void create_images(Scene *s) {\n"
        "    VkImageCreateInfo info = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,\n"
        "        .format = VK_FORMAT_R8G8B8A8_UNORM, .extent = {64, 32, 1},\n"
        "        .mipLevels = 7, .arrayLayers = 2, .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};\n"
        "    vkCreateImage(s->device, &info, NULL, &s->color);\n"
        "    info.format = VK_FORMAT_D32_SFLOAT;\n"
        "    info.mipLevels = 1;\n"
        "    info.arrayLayers = 1;\n"
        "    VkImage depth = VK_NULL_HANDLE;\n"
        "    vkCreateImage(s->device, &info, NULL, &depth);\n"
        "    s->depth = depth;\n"
        "    info.format = VK_FORMAT_BC1_RGB_UNORM_BLOCK;\n"
        "    vkCreateImage(s->device, &info, NULL, &s->bc);\n"
        "}\n"
        "void record(Scene *s, VkCommandBuffer cmd) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkImageMemoryBarrier to_dst = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,\n"
        "        .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,\n"
        "        .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,\n"
        "        .newLayout = VK_IMAGE_LAYOUT_GENERAL,\n"
        "        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,\n"
        "        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = s->color,\n"
        "        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, VK_REMAINING_MIP_LEVELS, 0,\n"
        "                             VK_REMAINING_ARRAY_LAYERS}};\n"
        "    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,\n"
        "        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1, &to_dst);\n"
        "    VkBufferImageCopy up = {.bufferOffset = 256, .bufferRowLength = 128,\n"
        "        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 2}, .imageExtent = {64, 32, 1}};\n"
        "    vkCmdCopyBufferToImage(cmd, s->staging, s->color, VK_IMAGE_LAYOUT_GENERAL, 1, &up);\n"
        "    VkImageBlit blit = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 2},\n"
        "                        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 1, 0, 2}};\n"
        "    vkCmdBlitImage(cmd, s->color, VK_IMAGE_LAYOUT_GENERAL, s->color, VK_IMAGE_LAYOUT_GENERAL,\n"
        "                   1, &blit, VK_FILTER_LINEAR);\n"
        "    VkClearDepthStencilValue zero = {0};\n"
        "    VkImageSubresourceRange all = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0, 1};\n"
        "    vkCmdClearDepthStencilImage(cmd, s->depth, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &zero, 1, &all);\n"
        "    VkCopyImageToBufferInfo2 down = {.sType = VK_STRUCTURE_TYPE_COPY_IMAGE_TO_BUFFER_INFO_2,\n"
        "        .srcImage = s->depth, .srcImageLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,\n"
        "        .dstBuffer = s->readback, .regionCount = 1,\n"
        "        .pRegions = &(VkBufferImageCopy2){.sType = VK_STRUCTURE_TYPE_BUFFER_IMAGE_COPY_2,\n"
        "            .imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1}, .imageExtent = {64, 32, 1}}};\n"
        "    vkCmdCopyImageToBuffer2(cmd, &down);\n"
        "    VkImageResolve res = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 1},\n"
        "                          .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 2, 0, 1}};\n"
        "    vkCmdResolveImage(cmd, s->color, VK_IMAGE_LAYOUT_GENERAL, s->color,\n"
        "                      VK_IMAGE_LAYOUT_GENERAL, 1, &res);\n"
        "    VkBufferImageCopy compressed = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},\n"
        "                                    .imageExtent = {64, 32, 1}};\n"
        "    vkCmdCopyBufferToImage(cmd, s->staging, s->bc, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,\n"
        "                           &compressed);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n";

START_TEST(image_commands_have_subresources_layouts_and_buffer_ranges)
{
    test_analysis *a = analyse(images_source);
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 1);
    /* vkCreateImage in another function gives the shape and the initial
       layout, through the struct member the handle was kept in - also when
       it went through a local first (`s->depth = depth`). */
    const vks_resource *color = resource_named(a, "s->color");
    ck_assert_int_eq(color->kind, VKS_RES_IMAGE);
    ck_assert_uint_eq(color->mip_levels, 7);
    ck_assert_uint_eq(color->array_layers, 2);
    ck_assert_uint_eq(color->initial_layout, VK_IMAGE_LAYOUT_UNDEFINED);
    ck_assert_uint_eq(resource_named(a, "depth")->mip_levels, 1);
    /* A sync1 image barrier: the command's stages, VK_REMAINING_* kept. */
    ck_assert_ir_has(a, "    barrier image src=TOP_OF_PIPE srcAccess=NONE dst=ALL_TRANSFER "
                        "dstAccess=TRANSFER_WRITE s->color[aspect=0x1 mip=0+-1 layer=0+-1] "
                        "UNDEFINED->GENERAL");
    /* bufferRowLength 128 texels of 4 bytes, 32 rows, 2 layers from byte
       256: the last texel ends at 256 + ((1*32 + 31)*128 + 64)*4. */
    ck_assert_ir_has(a, "    read COPY:TRANSFER_READ s->staging[256:32768]");
    ck_assert_ir_has(a, "    write COPY:TRANSFER_WRITE s->color[aspect=0x1 mip=0+1 layer=0+2]");
    ck_assert_ir_has(a, "    read BLIT:TRANSFER_READ s->color[aspect=0x1 mip=0+1 layer=0+2]");
    ck_assert_ir_has(a, "    write BLIT:TRANSFER_WRITE s->color[aspect=0x1 mip=1+1 layer=0+2]");
    ck_assert_ir_has(a, "    write CLEAR:TRANSFER_WRITE depth[aspect=0x2 mip=0+1 layer=0+1]");
    /* The `2` form; D32 depth is copied as 4 bytes a texel, tightly packed. */
    ck_assert_ir_has(a, "    read COPY:TRANSFER_READ depth[aspect=0x2 mip=0+1 layer=0+1]");
    ck_assert_ir_has(a, "    write COPY:TRANSFER_WRITE s->readback[0:8192]");
    ck_assert_ir_has(a, "    read RESOLVE:TRANSFER_READ s->color[aspect=0x1 mip=0+1 layer=1+1]");
    ck_assert_ir_has(a, "    write RESOLVE:TRANSFER_WRITE s->color[aspect=0x1 mip=2+1 layer=0+1]");
    /* A compressed format: the buffer side is unknown, not guessed. */
    ck_assert_ir_has(a, "    read COPY:TRANSFER_READ s->staging[?]");

    /* Each access carries the layout its command names. */
    ck_assert_uint_eq(cmd_at(a, 0, 31)->accesses[1].layout, VK_IMAGE_LAYOUT_GENERAL);
    ck_assert_uint_eq(cmd_at(a, 0, 31)->accesses[0].layout, VKS_LAYOUT_UNKNOWN);
    ck_assert_uint_eq(cmd_at(a, 0, 34)->accesses[0].layout, VK_IMAGE_LAYOUT_GENERAL);
    ck_assert_uint_eq(cmd_at(a, 0, 44)->accesses[0].layout,
                      VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    ck_assert_uint_eq(cmd_at(a, 0, 38)->accesses[0].layout,
                      VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);

    /* End to end: the blit (34) and the resolve (47) read what the upload
       (31) wrote, the readback (44) what the clear (38) wrote; the blit's
       and resolve's writes go to other mip levels. */
    vks_check_program(a->program, &a->findings, &a->stats);
    vks_findings_sort(&a->findings);
    ck_assert_uint_eq(a->findings.count, 3);
    static const unsigned later[] = {34, 44, 47}, earlier[] = {31, 38, 31};
    for (size_t i = 0; i < 3; i++) {
        const vks_finding *f = &a->findings.items[i];
        ck_assert_int_eq(f->rule, VKS_RULE_HAZARD_RAW);
        ck_assert_uint_eq(f->loc.line, later[i]);
        ck_assert_uint_ge(f->note_count, 1);
        ck_assert_uint_eq(f->notes[0].loc.line, earlier[i]);
    }
    test_analysis_free(a);
}
END_TEST

/* A layout transition is a write of the barrier command (docs/design.md,
   "SARIF": the finding is at the vkCmdPipelineBarrier call), not of the struct
   that declares it; the struct is a SYNC note.  The race-free twin makes
   the upload's write available to the transition: "applications must
   ensure that all memory writes have been made available before a layout
   transition is executed" (Image Layout Transitions). */
static const char transition_source[] =
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkBuffer up, VkImage img, VkPipelineStageFlags src,\n"
        "            VkAccessFlags src_access) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},\n"
        "                           .imageExtent = {8, 8, 1}};\n"
        "    vkCmdCopyBufferToImage(cmd, up, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r);\n"
        "    VkImageMemoryBarrier to_src = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,\n"
        "        .srcAccessMask = src_access, .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,\n"
        "        .oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,\n"
        "        .newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,\n"
        "        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,\n"
        "        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = img,\n"
        "        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};\n"
        "    vkCmdPipelineBarrier(cmd, src,\n"
        "        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1, &to_src);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n"
        "void %s(VkCommandBuffer cmd, VkBuffer up, VkImage img) {\n"
        "    record(cmd, up, img, %s, %s);\n"
        "}\n";

START_TEST(transition_hazard_is_at_the_barrier_call)
{
    char source[sizeof transition_source + 256];
    snprintf(source, sizeof source, transition_source, "racy",
             "VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT", "0");
    test_analysis *a = analyse(source);
    vks_check_program(a->program, &a->findings, &a->stats);
    ck_assert_uint_eq(a->findings.count, 1);
    const vks_finding *f = &a->findings.items[0];
    ck_assert_int_eq(f->rule, VKS_RULE_HAZARD_WAW);
    ck_assert_uint_eq(f->loc.line, 15);            /* vkCmdPipelineBarrier */
    ck_assert_uint_eq(f->notes[0].kind, VKS_NOTE_EARLIER_ACCESS);
    ck_assert_uint_eq(f->notes[0].loc.line, 7);    /* the upload */
    bool struct_note = false;
    for (size_t i = 1; i < f->note_count; i++)
        if (f->notes[i].kind == VKS_NOTE_SYNC && f->notes[i].loc.line == 8)
            struct_note = strstr(f->notes[i].message, "declared here") != NULL;
    ck_assert_msg(struct_note, "no note at the VkImageMemoryBarrier struct");
    test_analysis_free(a);

    snprintf(source, sizeof source, transition_source, "fixed",
             "VK_PIPELINE_STAGE_TRANSFER_BIT", "VK_ACCESS_TRANSFER_WRITE_BIT");
    a = analyse(source);
    vks_check_program(a->program, &a->findings, &a->stats);
    ck_assert_uint_eq(a->findings.count, 0);
    ck_assert_uint_ge(a->stats.pairs_proved_ordered, 1);
    test_analysis_free(a);
}
END_TEST

/* Image views and framebuffers made by helpers in another file, returned by
   value (as tests/diff/harness/vkrt_attachments.c does): the attachments
   reach their VkImage, so the render pass's and dynamic rendering's
   attachment accesses are checked.  Racy cases with their race-free twins. */
static const char attachment_helpers_source[] =
        "#include <vulkan/vulkan.h>\n"
        "#include <stdlib.h>\n"
        "VkImageView make_view(VkDevice device, VkImage image) {\n"
        "    VkImageViewCreateInfo info = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,\n"
        "        .image = image, .viewType = VK_IMAGE_VIEW_TYPE_2D,\n"
        "        .format = VK_FORMAT_R8G8B8A8_UNORM,\n"
        "        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};\n"
        "    VkImageView view;\n"
        "    if (vkCreateImageView(device, &info, NULL, &view) != VK_SUCCESS)\n"
        "        exit(3);\n"
        "    return view;\n"
        "}\n"
        "VkFramebuffer make_framebuffer(VkDevice device, VkRenderPass pass,\n"
        "                               const VkImageView *views) {\n"
        "    VkFramebufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,\n"
        "        .renderPass = pass, .attachmentCount = 1, .pAttachments = views,\n"
        "        .width = 8, .height = 8, .layers = 1};\n"
        "    VkFramebuffer framebuffer;\n"
        "    if (vkCreateFramebuffer(device, &info, NULL, &framebuffer) != VK_SUCCESS)\n"
        "        exit(3);\n"
        "    return framebuffer;\n"
        "}\n";

/* %d: the number of subpass dependencies (0: only the implicit ones). */
static const char upload_then_pass_source[] =
        "#include <vulkan/vulkan.h>\n"
        "VkImageView make_view(VkDevice device, VkImage image);\n"
        "VkFramebuffer make_framebuffer(VkDevice device, VkRenderPass pass, const VkImageView *views);\n"
        "static VkRenderPass make_pass(VkDevice device) {\n"
        "    VkAttachmentDescription color = {.format = VK_FORMAT_R8G8B8A8_UNORM,\n"
        "        .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,\n"
        "        .initialLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,\n"
        "        .finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};\n"
        "    VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};\n"
        "    VkSubpassDescription subpass = {.colorAttachmentCount = 1, .pColorAttachments = &ref};\n"
        "    VkSubpassDependency after_upload = {.srcSubpass = VK_SUBPASS_EXTERNAL, .dstSubpass = 0,\n"
        "        .srcStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT,\n"
        "        .dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,\n"
        "        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,\n"
        "        .dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT};\n"
        "    VkRenderPassCreateInfo info = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,\n"
        "        .attachmentCount = 1, .pAttachments = &color, .subpassCount = 1,\n"
        "        .pSubpasses = &subpass, .dependencyCount = %d, .pDependencies = &after_upload};\n"
        "    VkRenderPass pass;\n"
        "    vkCreateRenderPass(device, &info, NULL, &pass);\n"
        "    return pass;\n"
        "}\n"
        "static void record(VkCommandBuffer cmd, VkImage image, VkBuffer pixels, VkRenderPass pass,\n"
        "                   VkFramebuffer fb) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},\n"
        "                           .imageExtent = {8, 8, 1}};\n"
        "    vkCmdCopyBufferToImage(cmd, pixels, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r);\n"
        "    VkRenderPassBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,\n"
        "        .renderPass = pass, .framebuffer = fb, .renderArea = {{0, 0}, {8, 8}}};\n"
        "    vkCmdBeginRenderPass(cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);\n"
        "    vkCmdEndRenderPass(cmd);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n"
        "void frame(VkDevice device, VkCommandBuffer cmd, VkImage image, VkBuffer pixels) {\n"
        "    VkImageView view = make_view(device, image);\n"
        "    VkRenderPass pass = make_pass(device);\n"
        "    VkFramebuffer fb = make_framebuffer(device, pass, &view);\n"
        "    record(cmd, image, pixels, pass, fb);\n"
        "}\n";

/* %d: memoryBarrierCount of the barrier between the clear and the load. */
static const char clear_then_load_source[] =
        "#include <vulkan/vulkan.h>\n"
        "VkImageView make_view(VkDevice device, VkImage image);\n"
        "static void record(VkCommandBuffer cmd, VkImage image, VkImageView view) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkClearColorValue red = {.float32 = {1.0f, 0.0f, 0.0f, 1.0f}};\n"
        "    VkImageSubresourceRange whole = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};\n"
        "    vkCmdClearColorImage(cmd, image, VK_IMAGE_LAYOUT_GENERAL, &red, 1, &whole);\n"
        "    VkMemoryBarrier after_clear = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,\n"
        "        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,\n"
        "        .dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_READ_BIT};\n"
        "    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,\n"
        "        VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, 0, %d, &after_clear, 0, NULL, 0, NULL);\n"
        "    VkRenderingAttachmentInfo color = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,\n"
        "        .imageView = view, .imageLayout = VK_IMAGE_LAYOUT_GENERAL,\n"
        "        .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD, .storeOp = VK_ATTACHMENT_STORE_OP_STORE};\n"
        "    VkRenderingInfo rendering = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,\n"
        "        .renderArea = {{0, 0}, {8, 8}}, .layerCount = 1,\n"
        "        .colorAttachmentCount = 1, .pColorAttachments = &color};\n"
        "    vkCmdBeginRendering(cmd, &rendering);\n"
        "    vkCmdEndRendering(cmd);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n"
        "void frame(VkDevice device, VkCommandBuffer cmd, VkImage image) {\n"
        "    record(cmd, image, make_view(device, image));\n"
        "}\n";

/* The line of the finding's earlier access (path notes come first). */
static unsigned earlier_access_line(const vks_finding *f)
{
    for (size_t i = 0; i < f->note_count; i++)
        if (f->notes[i].kind == VKS_NOTE_EARLIER_ACCESS)
            return f->notes[i].loc.line;
    return 0;
}

/* Analyses rec.c (SOURCE with COUNT) with the helpers; returns the
   analysis with its findings, sorted. */
static test_analysis *analyse_with_helpers(const char *source, int count)
{
    static const char *const names[] = {"helpers.c", "rec.c"};
    char text[4096];
    snprintf(text, sizeof text, source, count);
    test_write_file("helpers.c", attachment_helpers_source);
    test_write_file("rec.c", text);
    test_analysis *a = test_analyse(names, 2);
    ck_assert_int_eq(a->status, 0);
    vks_check_program(a->program, &a->findings, &a->stats);
    vks_findings_sort(&a->findings);
    return a;
}

START_TEST(attachments_through_helper_views_and_framebuffers)
{
    /* "If there is no subpass dependency from VK_SUBPASS_EXTERNAL to the
       first subpass that uses an attachment, then an implicit subpass
       dependency exists" with srcStageMask NONE: the initial layout
       transition (TRANSFER_DST -> COLOR_ATTACHMENT) is unordered with the
       upload's write, a write-after-write at vkCmdBeginRenderPass. */
    test_analysis *a = analyse_with_helpers(upload_then_pass_source, 0);
    ck_assert_uint_eq(a->findings.count, 1);
    const vks_finding *f = &a->findings.items[0];
    ck_assert_int_eq(f->rule, VKS_RULE_HAZARD_WAW);
    ck_assert_uint_eq(f->loc.line, 31);
    ck_assert_uint_eq(earlier_access_line(f), 28);
    test_analysis_free(a);
    a = analyse_with_helpers(upload_then_pass_source, 1);
    ck_assert_uint_eq(a->findings.count, 0);
    test_analysis_free(a);

    /* Dynamic rendering: loadOp LOAD reads the attachment in
       COLOR_ATTACHMENT_OUTPUT with COLOR_ATTACHMENT_READ ("Load operations
       for attachments with a color format execute in the
       VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT pipeline stage"), a
       read-after-write of the clear at vkCmdBeginRendering without the
       barrier. */
    a = analyse_with_helpers(clear_then_load_source, 0);
    ck_assert_uint_eq(a->findings.count, 1);
    f = &a->findings.items[0];
    ck_assert_int_eq(f->rule, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(f->loc.line, 19);
    ck_assert_uint_eq(earlier_access_line(f), 7);
    test_analysis_free(a);
    a = analyse_with_helpers(clear_then_load_source, 1);
    ck_assert_uint_eq(a->findings.count, 0);
    test_analysis_free(a);
}
END_TEST

START_TEST(queue_family_transfer_and_unknown_image_values)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkImage img, uint32_t levels, uint32_t n,\n"
        "            const VkImageSubresourceRange *ranges) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkImageMemoryBarrier2 release = {\n"
        "        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,\n"
        "        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,\n"
        "        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,\n"
        "        .oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,\n"
        "        .newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,\n"
        "        .srcQueueFamilyIndex = 1, .dstQueueFamilyIndex = 0, .image = img,\n"
        "        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, levels, 0, 1}};\n"
        "    VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,\n"
        "        .imageMemoryBarrierCount = 1, .pImageMemoryBarriers = &release};\n"
        "    vkCmdPipelineBarrier2(cmd, &dep);\n"
        "    VkClearColorValue black = {0};\n"
        "    vkCmdClearColorImage(cmd, img, VK_IMAGE_LAYOUT_GENERAL, &black, n, ranges);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    /* The ownership transfer is carried as written (the engine decides
       whether it is matched); the unknown level count makes the range
       unknown, and so does the unknown number of clear ranges. */
    ck_assert_ir_has(a, "    barrier image src=COPY srcAccess=TRANSFER_WRITE dst=NONE "
                        "dstAccess=NONE img[?] TRANSFER_DST_OPTIMAL->SHADER_READ_ONLY_OPTIMAL "
                        "queue family 1->0");
    ck_assert_ir_has(a, "    write CLEAR:TRANSFER_WRITE img[?]");
    const vks_resource *img = resource_named(a, "img");
    ck_assert_uint_eq(img->mip_levels, 0); /* no vkCreateImage seen */
    ck_assert_uint_eq(img->initial_layout, VKS_LAYOUT_UNKNOWN);
    test_analysis_free(a);
}
END_TEST

static const char events_source[] =
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkEvent uploaded, VkEvent cleared, VkBuffer buf, VkBuffer dst)\n"
        "{\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, buf, 0, 256, 0);\n"
        "    vkCmdSetEvent(cmd, uploaded, VK_PIPELINE_STAGE_TRANSFER_BIT);\n"
        "    VkBufferMemoryBarrier b = {\n"
        "        .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,\n"
        "        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,\n"
        "        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,\n"
        "        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,\n"
        "        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,\n"
        "        .buffer = buf, .offset = 0, .size = 256,\n"
        "    };\n"
        "    VkEvent events[1] = {uploaded};\n"
        "    vkCmdWaitEvents(cmd, 1, events, VK_PIPELINE_STAGE_TRANSFER_BIT,\n"
        "                    VK_PIPELINE_STAGE_TRANSFER_BIT, 0, NULL, 1, &b, 0, NULL);\n"
        "    VkMemoryBarrier2 m = {\n"
        "        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,\n"
        "        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,\n"
        "        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,\n"
        "        .dstStageMask = VK_PIPELINE_STAGE_2_CLEAR_BIT,\n"
        "        .dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,\n"
        "    };\n"
        "    VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,\n"
        "                            .memoryBarrierCount = 1, .pMemoryBarriers = &m};\n"
        "    vkCmdSetEvent2(cmd, cleared, &dep);\n"
        "    VkEvent both[2] = {uploaded, cleared};\n"
        "    VkDependencyInfo deps[2] = {dep, dep};\n"
        "    vkCmdWaitEvents2(cmd, 2, both, deps);\n"
        "    vkCmdResetEvent2(cmd, cleared, VK_PIPELINE_STAGE_2_CLEAR_BIT);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n";

static const char pools_source[] =
        "#include <vulkan/vulkan.h>\n"
        "typedef struct { VkDevice device; VkCommandPool transfer_pool, graphics_pool;\n"
        "                 VkCommandBuffer upload, frame; VkImage texture; VkBuffer staging; } App;\n"
        "void init(App *app, uint32_t transfer_family, uint32_t graphics_family) {\n"
        "    VkCommandPoolCreateInfo pool = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,\n"
        "                                    .queueFamilyIndex = 1};\n"
        "    vkCreateCommandPool(app->device, &pool, NULL, &app->transfer_pool);\n"
        "    pool.queueFamilyIndex = 0;\n"
        "    vkCreateCommandPool(app->device, &pool, NULL, &app->graphics_pool);\n"
        "    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,\n"
        "        .commandPool = app->transfer_pool, .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,\n"
        "        .commandBufferCount = 1};\n"
        "    vkAllocateCommandBuffers(app->device, &alloc, &app->upload);\n"
        "    alloc.commandPool = app->graphics_pool;\n"
        "    vkAllocateCommandBuffers(app->device, &alloc, &app->frame);\n"
        "}\n"
        "void record_upload(App *app) {\n"
        "    vkBeginCommandBuffer(app->upload, NULL);\n"
        "    VkImageMemoryBarrier2 release = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,\n"
        "        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT, .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,\n"
        "        .oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,\n"
        "        .newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,\n"
        "        .srcQueueFamilyIndex = 1, .dstQueueFamilyIndex = 0, .image = app->texture,\n"
        "        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};\n"
        "    VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,\n"
        "        .imageMemoryBarrierCount = 1, .pImageMemoryBarriers = &release};\n"
        "    vkCmdPipelineBarrier2(app->upload, &dep);\n"
        "    vkEndCommandBuffer(app->upload);\n"
        "}\n"
        "void record_frame(App *app) {\n"
        "    vkBeginCommandBuffer(app->frame, NULL);\n"
        "    vkEndCommandBuffer(app->frame);\n"
        "}\n";

START_TEST(command_buffers_know_their_pool_queue_family)
{
    test_analysis *a = analyse(pools_source);
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 2);
    /* vkAllocateCommandBuffers from the pool vkCreateCommandPool made for
       family 1 (transfer) and family 0 (graphics): the release barrier is
       recorded on the transfer family's side. */
    ck_assert_str_eq(a->program->cmdbufs[0].name, "app->upload");
    ck_assert_uint_eq(a->program->cmdbufs[0].queue_family, 1);
    ck_assert_uint_eq(a->program->cmdbufs[1].queue_family, 0);
    const vks_barrier *release = &cmd_at(a, 0, 27)->barriers[0];
    ck_assert_uint_eq(release->src_queue_family, 1);
    ck_assert_uint_eq(release->dst_queue_family, 0);
    test_analysis_free(a);
}
END_TEST

START_TEST(events_sync1_and_sync2)
{
    test_analysis *a = analyse(events_source);
    ck_assert_int_eq(a->status, 0);
    /* Sync1 set: the stage mask is the first scope, no access of its own. */
    const vks_cmd *set = cmd_at(a, 0, 6);
    ck_assert_int_eq(set->kind, VKS_CMD_SET_EVENT);
    ck_assert_uint_eq(set->event_count, 1);
    ck_assert_str_eq(a->program->event_names[set->event], "uploaded");
    ck_assert_ir_has(a, "  6: vkCmdSetEvent\n"
                        "    barrier global src=ALL_TRANSFER srcAccess=NONE dst=NONE "
                        "dstAccess=NONE\n"
                        "    event uploaded");
    /* Sync1 wait: normalised like vkCmdPipelineBarrier. */
    ck_assert_ir_has(a, "  16: vkCmdWaitEvents\n"
                        "    barrier global src=ALL_TRANSFER srcAccess=NONE dst=ALL_TRANSFER "
                        "dstAccess=NONE\n"
                        "    barrier buffer src=ALL_TRANSFER srcAccess=TRANSFER_WRITE "
                        "dst=ALL_TRANSFER dstAccess=TRANSFER_READ buf[0:256]\n"
                        "    event uploaded");
    /* Sync2: the dependency info of the set, and one per waited event. */
    ck_assert_ir_has(a, "  27: vkCmdSetEvent2\n"
                        "    barrier global src=COPY srcAccess=TRANSFER_WRITE dst=CLEAR "
                        "dstAccess=TRANSFER_WRITE\n"
                        "    event cleared");
    const vks_cmd *wait2 = cmd_at(a, 0, 30);
    ck_assert_int_eq(wait2->kind, VKS_CMD_WAIT_EVENTS);
    ck_assert_uint_eq(wait2->event_count, 2);
    ck_assert_uint_eq(wait2->barrier_count, 2);
    const vks_cmd *reset = cmd_at(a, 0, 31);
    ck_assert_int_eq(reset->kind, VKS_CMD_RESET_EVENT);
    ck_assert_uint_eq(reset->barriers[0].src_stages.bits, VK_PIPELINE_STAGE_2_CLEAR_BIT);
    test_analysis_free(a);
}
END_TEST

static const char renderpass_source[] =
        "#include <vulkan/vulkan.h>\n"
        "typedef struct {\n"
        "    VkDevice device;\n"
        "    VkImage gbuffer, swap;\n"
        "    VkImageView gbuffer_view, swap_view;\n"
        "    VkRenderPass pass;\n"
        "    VkFramebuffer fb;\n"
        "    VkBuffer vertices, indices, args;\n"
        "} Deferred;\n"
        "\n"
        "void create_pass(Deferred *d)\n"
        "{\n"
        "    VkAttachmentDescription attachments[2] = {\n"
        "        {.format = VK_FORMAT_R16G16B16A16_SFLOAT, .samples = VK_SAMPLE_COUNT_1_BIT,\n"
        "         .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,\n"
        "         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,\n"
        "         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,\n"
        "         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,\n"
        "         .finalLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL},\n"
        "        {.format = VK_FORMAT_B8G8R8A8_SRGB, .samples = VK_SAMPLE_COUNT_1_BIT,\n"
        "         .loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,\n"
        "         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,\n"
        "         .finalLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR},\n"
        "    };\n"
        "    VkAttachmentReference gbuffer_out = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};\n"
        "    VkAttachmentReference gbuffer_in = {0, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};\n"
        "    VkAttachmentReference swap_out = {1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};\n"
        "    VkSubpassDescription subpasses[2] = {\n"
        "        {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,\n"
        "         .colorAttachmentCount = 1, .pColorAttachments = &gbuffer_out},\n"
        "        {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,\n"
        "         .inputAttachmentCount = 1, .pInputAttachments = &gbuffer_in,\n"
        "         .colorAttachmentCount = 1, .pColorAttachments = &swap_out},\n"
        "    };\n"
        "    VkSubpassDependency dependency = {\n"
        "        .srcSubpass = 0, .dstSubpass = 1,\n"
        "        .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,\n"
        "        .dstStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,\n"
        "        .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,\n"
        "        .dstAccessMask = VK_ACCESS_INPUT_ATTACHMENT_READ_BIT,\n"
        "        .dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT,\n"
        "    };\n"
        "    VkRenderPassCreateInfo info = {\n"
        "        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,\n"
        "        .attachmentCount = 2, .pAttachments = attachments,\n"
        "        .subpassCount = 2, .pSubpasses = subpasses,\n"
        "        .dependencyCount = 1, .pDependencies = &dependency,\n"
        "    };\n"
        "    vkCreateRenderPass(d->device, &info, NULL, &d->pass);\n"
        "    VkImageView views[2] = {d->gbuffer_view, d->swap_view};\n"
        "    VkFramebufferCreateInfo fb = {\n"
        "        .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,\n"
        "        .renderPass = d->pass, .attachmentCount = 2, .pAttachments = views,\n"
        "        .width = 1280, .height = 720, .layers = 1,\n"
        "    };\n"
        "    vkCreateFramebuffer(d->device, &fb, NULL, &d->fb);\n"
        "}\n"
        "\n"
        "void create_views(Deferred *d)\n"
        "{\n"
        "    VkImageViewCreateInfo v = {\n"
        "        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,\n"
        "        .image = d->gbuffer, .viewType = VK_IMAGE_VIEW_TYPE_2D,\n"
        "        .format = VK_FORMAT_R16G16B16A16_SFLOAT,\n"
        "        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},\n"
        "    };\n"
        "    vkCreateImageView(d->device, &v, NULL, &d->gbuffer_view);\n"
        "    v.image = d->swap;\n"
        "    v.format = VK_FORMAT_B8G8R8A8_SRGB;\n"
        "    vkCreateImageView(d->device, &v, NULL, &d->swap_view);\n"
        "}\n"
        "\n"
        "void record(Deferred *d, VkCommandBuffer cmd)\n"
        "{\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkClearValue clear = {0};\n"
        "    VkRenderPassBeginInfo begin = {\n"
        "        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,\n"
        "        .renderPass = d->pass, .framebuffer = d->fb,\n"
        "        .renderArea = {{0, 0}, {1280, 720}},\n"
        "        .clearValueCount = 1, .pClearValues = &clear,\n"
        "    };\n"
        "    vkCmdBeginRenderPass(cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);\n"
        "    VkDeviceSize offset = 0;\n"
        "    vkCmdBindVertexBuffers(cmd, 0, 1, &d->vertices, &offset);\n"
        "    vkCmdBindIndexBuffer(cmd, d->indices, 64, VK_INDEX_TYPE_UINT16);\n"
        "    vkCmdDrawIndexed(cmd, 36, 1, 6, 0, 0);\n"
        "    vkCmdNextSubpass(cmd, VK_SUBPASS_CONTENTS_INLINE);\n"
        "    vkCmdDrawIndirect(cmd, d->args, 16, 2, 32);\n"
        "    vkCmdEndRenderPass(cmd);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n";

START_TEST(render_pass_with_input_attachment_created_elsewhere)
{
    test_analysis *a = analyse(renderpass_source);
    ck_assert_int_eq(a->status, 0);
    /* The explicit dependency, then the implicit ones the spec adds for
       attachments without an explicit external dependency. */
    ck_assert_ir_has(a, "    barrier global src=COLOR_ATTACHMENT_OUTPUT "
                        "srcAccess=COLOR_ATTACHMENT_WRITE dst=FRAGMENT_SHADER "
                        "dstAccess=INPUT_ATTACHMENT_READ subpass 0->1");
    ck_assert_ir_has(a, "    barrier global src=NONE srcAccess=NONE dst=ALL_COMMANDS "
                        "dstAccess=INPUT_ATTACHMENT_READ|COLOR_ATTACHMENT_READ|"
                        "COLOR_ATTACHMENT_WRITE|DEPTH_STENCIL_ATTACHMENT_READ|"
                        "DEPTH_STENCIL_ATTACHMENT_WRITE subpass -1->0");
    ck_assert_ir_has(a, "    barrier global src=ALL_COMMANDS srcAccess=COLOR_ATTACHMENT_WRITE|"
                        "DEPTH_STENCIL_ATTACHMENT_WRITE dst=NONE dstAccess=NONE subpass 1->-1");
    /* Attachments through the framebuffer's views (created in a third
       function) to the images, with the first subpass's layout. */
    ck_assert_ir_has(a, "    attachment color d->gbuffer[aspect=0x1 mip=0+1 layer=0+1] "
                        "clear/dont_care UNDEFINED->COLOR_ATTACHMENT_OPTIMAL->"
                        "SHADER_READ_ONLY_OPTIMAL");
    ck_assert_ir_has(a, "    attachment color d->swap[aspect=0x1 mip=0+1 layer=0+1] "
                        "dont_care/store UNDEFINED->COLOR_ATTACHMENT_OPTIMAL->PRESENT_SRC_KHR");
    /* Subpass 0: index buffer from firstIndex 6 (uint16) after offset 64,
       the bound vertex buffer, the color attachment; the shader unknown. */
    ck_assert_ir_has(a, "  87: vkCmdDrawIndexed\n"
                        "    read INDEX_INPUT:INDEX_READ d->indices[76:148]\n"
                        "    read VERTEX_ATTRIBUTE_INPUT:VERTEX_ATTRIBUTE_READ d->vertices[0:]\n"
                        "    write COLOR_ATTACHMENT_OUTPUT:COLOR_ATTACHMENT_WRITE "
                        "d->gbuffer[aspect=0x1 mip=0+1 layer=0+1]\n"
                        "    access ?");
    /* Subpass 1 reads the G-buffer as an input attachment; 2 indirect
       draws 32 bytes apart read 16 + 32 + 16 bytes. */
    ck_assert_ir_has(a, "  89: vkCmdDrawIndirect\n"
                        "    read DRAW_INDIRECT:INDIRECT_COMMAND_READ d->args[16:64]\n"
                        "    read VERTEX_ATTRIBUTE_INPUT:VERTEX_ATTRIBUTE_READ d->vertices[0:]\n"
                        "    read FRAGMENT_SHADER:INPUT_ATTACHMENT_READ "
                        "d->gbuffer[aspect=0x1 mip=0+1 layer=0+1]\n"
                        "    write COLOR_ATTACHMENT_OUTPUT:COLOR_ATTACHMENT_WRITE "
                        "d->swap[aspect=0x1 mip=0+1 layer=0+1]\n"
                        "    access ?");
    ck_assert_uint_eq(cmd_at(a, 0, 89)->accesses[2].layout,
                      VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    ck_assert_uint_eq(cmd_at(a, 0, 87)->accesses[2].layout,
                      VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
    ck_assert_int_eq(cmd_at(a, 0, 88)->kind, VKS_CMD_NEXT_SUBPASS);
    ck_assert_int_eq(cmd_at(a, 0, 90)->kind, VKS_CMD_END_RENDER_PASS);
    test_analysis_free(a);
}
END_TEST

static const char render_pass2_source[] =
        "#include <vulkan/vulkan.h>\n"
        "static VkImage g_color;\n"
        "static VkImageView g_view;\n"
        "static VkRenderPass g_pass;\n"
        "static VkFramebuffer g_fb;\n"
        "void init(VkDevice device) {\n"
        "    VkImageViewCreateInfo v = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,\n"
        "        .image = g_color, .format = VK_FORMAT_R8G8B8A8_UNORM,\n"
        "        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};\n"
        "    vkCreateImageView(device, &v, NULL, &g_view);\n"
        "    VkAttachmentDescription2 att = {.sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,\n"
        "        .format = VK_FORMAT_R8G8B8A8_UNORM,\n"
        "        .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,\n"
        "        .initialLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,\n"
        "        .finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};\n"
        "    VkAttachmentReference2 color = {.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2,\n"
        "        .attachment = 0, .layout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};\n"
        "    VkSubpassDescription2 sub = {.sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,\n"
        "        .colorAttachmentCount = 1, .pColorAttachments = &color};\n"
        "    VkMemoryBarrier2 in = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,\n"
        "        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT, .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,\n"
        "        .dstStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,\n"
        "        .dstAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT};\n"
        "    VkSubpassDependency2 dep = {.sType = VK_STRUCTURE_TYPE_SUBPASS_DEPENDENCY_2, .pNext = &in,\n"
        "        .srcSubpass = VK_SUBPASS_EXTERNAL, .dstSubpass = 0,\n"
        "        .srcStageMask = VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT};\n"
        "    VkRenderPassCreateInfo2 info = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2,\n"
        "        .attachmentCount = 1, .pAttachments = &att, .subpassCount = 1, .pSubpasses = &sub,\n"
        "        .dependencyCount = 1, .pDependencies = &dep};\n"
        "    vkCreateRenderPass2(device, &info, NULL, &g_pass);\n"
        "    VkFramebufferCreateInfo fb = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,\n"
        "        .flags = VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT,\n"
        "        .renderPass = g_pass, .attachmentCount = 1, .layers = 1};\n"
        "    vkCreateFramebuffer(device, &fb, NULL, &g_fb);\n"
        "}\n"
        "void record(VkCommandBuffer cmd) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkRenderPassAttachmentBeginInfo views = {\n"
        "        .sType = VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO,\n"
        "        .attachmentCount = 1, .pAttachments = &g_view};\n"
        "    VkRenderPassBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,\n"
        "        .pNext = &views, .renderPass = g_pass, .framebuffer = g_fb};\n"
        "    VkSubpassBeginInfo contents = {.sType = VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO,\n"
        "        .contents = VK_SUBPASS_CONTENTS_INLINE};\n"
        "    vkCmdBeginRenderPass2(cmd, &begin, &contents);\n"
        "    vkCmdDraw(cmd, 3, 1, 0, 0);\n"
        "    VkSubpassEndInfo end = {.sType = VK_STRUCTURE_TYPE_SUBPASS_END_INFO};\n"
        "    vkCmdEndRenderPass2(cmd, &end);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n";

START_TEST(render_pass2_sync2_dependency_and_imageless_framebuffer)
{
    test_analysis *a = analyse(render_pass2_source);
    ck_assert_int_eq(a->status, 0);
    /* The VkMemoryBarrier2 chained to the VkSubpassDependency2 replaces its
       masks; the views come from VkRenderPassAttachmentBeginInfo. */
    ck_assert_ir_has(a, "    barrier global src=COPY srcAccess=TRANSFER_WRITE "
                        "dst=COLOR_ATTACHMENT_OUTPUT dstAccess=COLOR_ATTACHMENT_READ "
                        "subpass -1->0");
    ck_assert_ir_has(a, "    attachment color g_color[aspect=0x1 mip=0+1 layer=0+1] load/store "
                        "COLOR_ATTACHMENT_OPTIMAL->COLOR_ATTACHMENT_OPTIMAL->"
                        "COLOR_ATTACHMENT_OPTIMAL");
    ck_assert_ir_has(a, "  46: vkCmdDraw\n"
                        "    write COLOR_ATTACHMENT_OUTPUT:COLOR_ATTACHMENT_WRITE "
                        "g_color[aspect=0x1 mip=0+1 layer=0+1]");
    test_analysis_free(a);
}
END_TEST

START_TEST(unknown_render_pass_is_unknown)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, const VkRenderPassBeginInfo *begin) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdBeginRenderPass(cmd, begin, VK_SUBPASS_CONTENTS_INLINE);\n"
        "    vkCmdDraw(cmd, 3, 1, 0, 0);\n"
        "    vkCmdEndRenderPass(cmd);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_str_eq(test_ir_body(a),
                     "  4: vkCmdBeginRenderPass\n"
                     "    barrier global src=? srcAccess=? dst=? dstAccess=? subpass -1->0\n"
                     "  5: vkCmdDraw\n"
                     "    access ?\n"
                     "    access ?\n"
                     "  6: vkCmdEndRenderPass\n");
    test_analysis_free(a);
}
END_TEST

static const char dynamic_source[] =
        "#include <vulkan/vulkan.h>\n"
        "static VkImage g_color, g_depth;\n"
        "static VkImageView g_color_view, g_depth_view;\n"
        "void init_targets(VkDevice device) {\n"
        "    VkImageCreateInfo info = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,\n"
        "        .format = VK_FORMAT_D24_UNORM_S8_UINT, .mipLevels = 1, .arrayLayers = 1,\n"
        "        .extent = {800, 600, 1}};\n"
        "    vkCreateImage(device, &info, NULL, &g_depth);\n"
        "    VkImageViewCreateInfo v = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,\n"
        "        .image = g_depth, .format = VK_FORMAT_D24_UNORM_S8_UINT,\n"
        "        .subresourceRange = {VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT, 0, 1, 0, 1}};\n"
        "    vkCreateImageView(device, &v, NULL, &g_depth_view);\n"
        "    v.image = g_color;\n"
        "    v.format = VK_FORMAT_R8G8B8A8_UNORM;\n"
        "    v.subresourceRange.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;\n"
        "    vkCreateImageView(device, &v, NULL, &g_color_view);\n"
        "}\n"
        "void record_frame(VkCommandBuffer cmd, VkBuffer readback, VkBuffer draws, VkBuffer count) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkRenderingAttachmentInfo color = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,\n"
        "        .imageView = g_color_view, .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,\n"
        "        .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD, .storeOp = VK_ATTACHMENT_STORE_OP_STORE};\n"
        "    VkRenderingAttachmentInfo depth = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,\n"
        "        .imageView = g_depth_view,\n"
        "        .imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL,\n"
        "        .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD, .storeOp = VK_ATTACHMENT_STORE_OP_NONE};\n"
        "    VkRenderingInfo info = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,\n"
        "        .renderArea = {{0, 0}, {800, 600}}, .layerCount = 1,\n"
        "        .colorAttachmentCount = 1, .pColorAttachments = &color,\n"
        "        .pDepthAttachment = &depth, .pStencilAttachment = &depth};\n"
        "    vkCmdBeginRendering(cmd, &info);\n"
        "    VkClearAttachment ca = {.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0};\n"
        "    VkClearRect rect = {{{0, 0}, {800, 600}}, 0, 1};\n"
        "    vkCmdClearAttachments(cmd, 1, &ca, 1, &rect);\n"
        "    vkCmdDrawIndirectCount(cmd, draws, 0, count, 12, 100, 16);\n"
        "    vkCmdEndRendering(cmd);\n"
        "    vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, VK_NULL_HANDLE, 0);\n"
        "    vkCmdCopyQueryPoolResults(cmd, VK_NULL_HANDLE, 0, 4, readback, 64, 16,\n"
        "                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n";

START_TEST(dynamic_rendering_clears_indirect_counts_and_queries)
{
    test_analysis *a = analyse(dynamic_source);
    ck_assert_int_eq(a->status, 0);
    /* One layout for the whole instance; a combined depth/stencil format
       gets its depth and stencil aspects as two attachments. */
    ck_assert_ir_has(a, "    attachment color g_color[aspect=0x1 mip=0+1 layer=0+1] load/store "
                        "COLOR_ATTACHMENT_OPTIMAL->COLOR_ATTACHMENT_OPTIMAL->"
                        "COLOR_ATTACHMENT_OPTIMAL");
    ck_assert_ir_has(a, "    attachment depth g_depth[aspect=0x2 mip=0+1 layer=0+1] load/none "
                        "DEPTH_STENCIL_READ_ONLY_OPTIMAL->DEPTH_STENCIL_READ_ONLY_OPTIMAL->"
                        "DEPTH_STENCIL_READ_ONLY_OPTIMAL");
    ck_assert_ir_has(a, "    attachment depth g_depth[aspect=0x4 mip=0+1 layer=0+1] load/none "
                        "DEPTH_STENCIL_READ_ONLY_OPTIMAL->DEPTH_STENCIL_READ_ONLY_OPTIMAL->"
                        "DEPTH_STENCIL_READ_ONLY_OPTIMAL");
    ck_assert_ir_has(a, "  34: vkCmdClearAttachments\n"
                        "    write COLOR_ATTACHMENT_OUTPUT:COLOR_ATTACHMENT_WRITE "
                        "g_color[aspect=0x1 mip=0+1 layer=0+1]");
    /* The draw count is one uint32_t at offset 12; how many draws are read
       depends on it (unknown range).  A read-only depth layout: tests read
       the depth attachment, nothing writes it. */
    ck_assert_ir_has(a, "  35: vkCmdDrawIndirectCount\n"
                        "    read DRAW_INDIRECT:INDIRECT_COMMAND_READ draws[?]\n"
                        "    read DRAW_INDIRECT:INDIRECT_COMMAND_READ count[12:16]\n"
                        "    read EARLY_FRAGMENT_TESTS:DEPTH_STENCIL_ATTACHMENT_READ "
                        "g_depth[aspect=0x2 mip=0+1 layer=0+1]\n"
                        "    write COLOR_ATTACHMENT_OUTPUT:COLOR_ATTACHMENT_WRITE "
                        "g_color[aspect=0x1 mip=0+1 layer=0+1]\n"
                        "    access ?");
    /* Timestamps access no memory; 4 queries 16 bytes apart, each a 64-bit
       value and its availability: 64 + 3*16 + 16. */
    ck_assert_ir_has(a, "  37: vkCmdWriteTimestamp\n"
                        "  38: vkCmdCopyQueryPoolResults\n"
                        "    write COPY:TRANSFER_WRITE readback[64:128]");
    ck_assert_uint_eq(cmd_at(a, 0, 37)->access_count, 0);
    test_analysis_free(a);
}
END_TEST

static const char resolve_source[] =
        "#include <vulkan/vulkan.h>\n"
        "static VkImage g_msaa, g_resolved;\n"
        "static VkImageView g_msaa_view, g_resolved_view;\n"
        "static VkRenderPass g_pass;\n"
        "static VkFramebuffer g_fb;\n"
        "void init(VkDevice device) {\n"
        "    VkImageViewCreateInfo v = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,\n"
        "        .image = g_msaa, .format = VK_FORMAT_R8G8B8A8_UNORM,\n"
        "        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};\n"
        "    vkCreateImageView(device, &v, NULL, &g_msaa_view);\n"
        "    v.image = g_resolved;\n"
        "    vkCreateImageView(device, &v, NULL, &g_resolved_view);\n"
        "    VkAttachmentDescription att[2] = {\n"
        "        {.format = VK_FORMAT_R8G8B8A8_UNORM, .samples = VK_SAMPLE_COUNT_4_BIT,\n"
        "         .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,\n"
        "         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,\n"
        "         .finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL},\n"
        "        {.format = VK_FORMAT_R8G8B8A8_UNORM, .samples = VK_SAMPLE_COUNT_1_BIT,\n"
        "         .loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,\n"
        "         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,\n"
        "         .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL}};\n"
        "    VkAttachmentReference color = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};\n"
        "    VkAttachmentReference resolve = {1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};\n"
        "    VkSubpassDescription sub = {.colorAttachmentCount = 1, .pColorAttachments = &color,\n"
        "                                .pResolveAttachments = &resolve};\n"
        "    VkRenderPassCreateInfo info = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,\n"
        "        .attachmentCount = 2, .pAttachments = att, .subpassCount = 1, .pSubpasses = &sub};\n"
        "    vkCreateRenderPass(device, &info, NULL, &g_pass);\n"
        "    VkImageView views[2] = {g_msaa_view, g_resolved_view};\n"
        "    VkFramebufferCreateInfo fb = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,\n"
        "        .renderPass = g_pass, .attachmentCount = 2, .pAttachments = views, .layers = 1};\n"
        "    vkCreateFramebuffer(device, &fb, NULL, &g_fb);\n"
        "}\n"
        "void record(VkCommandBuffer cmd, VkBuffer out) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkRenderPassBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,\n"
        "        .renderPass = g_pass, .framebuffer = g_fb};\n"
        "    vkCmdBeginRenderPass(cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);\n"
        "    vkCmdDraw(cmd, 3, 1, 0, 0);\n"
        "    vkCmdEndRenderPass(cmd);\n"
        "    VkRenderingAttachmentInfo color = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,\n"
        "        .imageView = g_msaa_view, .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,\n"
        "        .resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT, .resolveImageView = g_resolved_view,\n"
        "        .resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL,\n"
        "        .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD, .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE};\n"
        "    VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .layerCount = 1,\n"
        "        .colorAttachmentCount = 1, .pColorAttachments = &color};\n"
        "    vkCmdBeginRendering(cmd, &ri);\n"
        "    vkCmdDraw(cmd, 3, 1, 0, 0);\n"
        "    vkCmdEndRendering(cmd);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n";

START_TEST(multisample_resolves_end_the_subpass_and_the_rendering)
{
    test_analysis *a = analyse(resolve_source);
    ck_assert_int_eq(a->status, 0);
    /* The resolve reads the multisample attachment and writes the resolve
       attachment in COLOR_ATTACHMENT_OUTPUT, before the render pass ends
       (its store operations and final layout transitions). */
    ck_assert_ir_has(a, "  40: vkCmdEndRenderPass\n"
                        "    read COLOR_ATTACHMENT_OUTPUT:COLOR_ATTACHMENT_READ "
                        "g_msaa[aspect=0x1 mip=0+1 layer=0+1]\n"
                        "    write COLOR_ATTACHMENT_OUTPUT:COLOR_ATTACHMENT_WRITE "
                        "g_resolved[aspect=0x1 mip=0+1 layer=0+1]\n"
                        "  40: vkCmdEndRenderPass");
    const vks_cmdbuf *cb = &a->program->cmdbufs[0];
    ck_assert_uint_eq(cb->cmd_count, 8);
    ck_assert_int_eq(cb->cmds[2].kind, VKS_CMD_ACTION);
    ck_assert_int_eq(cb->cmds[3].kind, VKS_CMD_END_RENDER_PASS);
    ck_assert_uint_eq(cb->cmds[2].accesses[1].layout, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
    /* Dynamic rendering: resolveImageView in resolveImageLayout. */
    ck_assert_ir_has(a, "  50: vkCmdEndRendering\n"
                        "    read COLOR_ATTACHMENT_OUTPUT:COLOR_ATTACHMENT_READ "
                        "g_msaa[aspect=0x1 mip=0+1 layer=0+1]\n"
                        "    write COLOR_ATTACHMENT_OUTPUT:COLOR_ATTACHMENT_WRITE "
                        "g_resolved[aspect=0x1 mip=0+1 layer=0+1]\n"
                        "  50: vkCmdEndRendering");
    ck_assert_int_eq(cb->cmds[7].kind, VKS_CMD_END_RENDER_PASS);
    ck_assert_uint_eq(cb->cmds[6].accesses[1].layout, VK_IMAGE_LAYOUT_GENERAL);
    test_analysis_free(a);
}
END_TEST

START_TEST(clear_attachments_index_the_subpass_color_attachments)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "static VkImage g_image;\n"
        "static VkImageView g_view;\n"
        "void init(VkDevice device) {\n"
        "    VkImageViewCreateInfo v = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,\n"
        "        .image = g_image, .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};\n"
        "    vkCreateImageView(device, &v, NULL, &g_view);\n"
        "}\n"
        "void record(VkCommandBuffer cmd) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkRenderingAttachmentInfo colors[2] = {\n"
        "        {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,\n"
        "         .imageView = VK_NULL_HANDLE},\n"
        "        {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = g_view,\n"
        "         .imageLayout = VK_IMAGE_LAYOUT_GENERAL,\n"
        "         .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,\n"
        "         .storeOp = VK_ATTACHMENT_STORE_OP_STORE}};\n"
        "    VkRenderingInfo info = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,\n"
        "        .layerCount = 1, .colorAttachmentCount = 2, .pColorAttachments = colors};\n"
        "    vkCmdBeginRendering(cmd, &info);\n"
        "    VkClearAttachment clears[2] = {\n"
        "        {.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 1},\n"
        "        {.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0}};\n"
        "    VkClearRect rect = {{{0, 0}, {64, 64}}, 0, 1};\n"
        "    vkCmdClearAttachments(cmd, 2, clears, 1, &rect);\n"
        "    vkCmdEndRendering(cmd);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    ck_assert_int_eq(a->status, 0);
    /* colorAttachment 1 is g_view (the first color attachment has no view:
       the second keeps its index); clearing attachment 0 has no effect. */
    ck_assert_ir_has(a, "  25: vkCmdClearAttachments\n"
                        "    write COLOR_ATTACHMENT_OUTPUT:COLOR_ATTACHMENT_WRITE "
                        "g_image[aspect=0x1 mip=0+1 layer=0+1]\n"
                        "  26: vkCmdEndRendering");
    ck_assert_uint_eq(cmd_at(a, 0, 20)->attachment_count, 1);
    test_analysis_free(a);
}
END_TEST

static const char secondary_source[] =
        "#include <vulkan/vulkan.h>\n"
        "typedef struct { VkDevice device; VkBuffer counters, readback; VkCommandBuffer ui; } Frame;\n"
        "void create_buffers(Frame *f) {\n"
        "    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = 4096};\n"
        "    vkCreateBuffer(f->device, &info, NULL, &f->counters);\n"
        "}\n"
        "static void clear_counters(Frame *f) {\n"
        "    vkCmdFillBuffer(f->ui, f->counters, 0, 64, 0);\n"
        "}\n"
        "void record_ui(Frame *f) {\n"
        "    vkBeginCommandBuffer(f->ui, NULL);\n"
        "    clear_counters(f);\n"
        "    vkEndCommandBuffer(f->ui);\n"
        "}\n"
        "void record_frame(Frame *frame, VkCommandBuffer cmd) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdExecuteCommands(cmd, 1, &frame->ui);\n"
        "    VkBufferCopy region = {.size = 64};\n"
        "    vkCmdCopyBuffer(cmd, frame->counters, frame->readback, 1, &region);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n";

START_TEST(secondary_recorded_elsewhere_is_executed_inline)
{
    test_analysis *a = analyse(secondary_source);
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 2);
    /* The primary holds the secondary's fill where it executes it; the
       buffer kept in Frame.counters is one resource in every function. */
    const vks_cmdbuf *primary = &a->program->cmdbufs[1];
    ck_assert_str_eq(primary->name, "cmd");
    ck_assert_uint_eq(primary->cmd_count, 2);
    ck_assert_str_eq(primary->cmds[0].name, "vkCmdFillBuffer");
    ck_assert_uint_eq(primary->cmds[0].accesses[0].region.res,
                      primary->cmds[1].accesses[0].region.res);
    ck_assert_uint_eq(resource_named(a, "f->counters")->size, 4096);

    vks_check_program(a->program, &a->findings, &a->stats);
    ck_assert_uint_eq(a->findings.count, 1);
    const vks_finding *f = &a->findings.items[0];
    ck_assert_int_eq(f->rule, VKS_RULE_HAZARD_RAW);
    ck_assert_uint_eq(f->loc.line, 19);
    /* The earlier write: in the helper, called from record_ui, executed
       by vkCmdExecuteCommands. */
    ck_assert_uint_eq(f->notes[0].loc.line, 8);
    ck_assert_ptr_nonnull(f->notes[0].loc.caller);
    ck_assert_uint_eq(f->notes[0].loc.caller->line, 12);
    ck_assert_ptr_nonnull(f->notes[0].loc.caller->caller);
    ck_assert_uint_eq(f->notes[0].loc.caller->caller->line, 17);
    test_analysis_free(a);
}
END_TEST

static const char secondary_in_render_pass_source[] =
        "#include <vulkan/vulkan.h>\n"
        "static VkImage g_color;\n"
        "static VkImageView g_view;\n"
        "static VkRenderPass g_pass;\n"
        "static VkFramebuffer g_fb;\n"
        "static VkCommandBuffer g_ui;\n"
        "void init(VkDevice device) {\n"
        "    VkImageViewCreateInfo v = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,\n"
        "        .image = g_color, .format = VK_FORMAT_R8G8B8A8_UNORM,\n"
        "        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};\n"
        "    vkCreateImageView(device, &v, NULL, &g_view);\n"
        "    VkAttachmentDescription att = {.format = VK_FORMAT_R8G8B8A8_UNORM,\n"
        "        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,\n"
        "        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,\n"
        "        .finalLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR};\n"
        "    VkAttachmentReference color = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};\n"
        "    VkSubpassDescription sub = {.colorAttachmentCount = 1, .pColorAttachments = &color};\n"
        "    VkRenderPassCreateInfo info = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,\n"
        "        .attachmentCount = 1, .pAttachments = &att, .subpassCount = 1, .pSubpasses = &sub};\n"
        "    vkCreateRenderPass(device, &info, NULL, &g_pass);\n"
        "    VkFramebufferCreateInfo fb = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,\n"
        "        .renderPass = g_pass, .attachmentCount = 1, .pAttachments = &g_view, .layers = 1};\n"
        "    vkCreateFramebuffer(device, &fb, NULL, &g_fb);\n"
        "}\n"
        "void record_ui(VkBuffer quads) {\n"
        "    VkCommandBufferInheritanceInfo inherit = {\n"
        "        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,\n"
        "        .renderPass = g_pass, .subpass = 0, .framebuffer = g_fb};\n"
        "    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,\n"
        "        .flags = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT,\n"
        "        .pInheritanceInfo = &inherit};\n"
        "    vkBeginCommandBuffer(g_ui, &begin);\n"
        "    VkDeviceSize offset = 0;\n"
        "    vkCmdBindVertexBuffers(g_ui, 0, 1, &quads, &offset);\n"
        "    vkCmdDraw(g_ui, 6, 1, 0, 0);\n"
        "    vkEndCommandBuffer(g_ui);\n"
        "}\n"
        "void record(VkCommandBuffer cmd) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkRenderPassBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,\n"
        "        .renderPass = g_pass, .framebuffer = g_fb};\n"
        "    vkCmdBeginRenderPass(cmd, &begin, VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS);\n"
        "    vkCmdExecuteCommands(cmd, 1, &g_ui);\n"
        "    vkCmdEndRenderPass(cmd);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n";

START_TEST(secondary_draws_into_the_primary_subpass)
{
    test_analysis *a = analyse(secondary_in_render_pass_source);
    ck_assert_int_eq(a->status, 0);
    ck_assert_uint_eq(a->program->cmdbuf_count, 2);
    /* Alone, the secondary's draw has no render pass to draw into... */
    ck_assert_uint_eq(cmd_at(a, 0, 35)->access_count, 2);
    /* ...executed inside the primary's subpass, it writes its color
       attachment; the secondary's own command keeps its accesses. */
    ck_assert_ir_has(a, "  35: vkCmdDraw\n"
                        "    read VERTEX_ATTRIBUTE_INPUT:VERTEX_ATTRIBUTE_READ quads[0:]\n"
                        "    access ?\n"
                        "    write COLOR_ATTACHMENT_OUTPUT:COLOR_ATTACHMENT_WRITE "
                        "g_color[aspect=0x1 mip=0+1 layer=0+1]\n"
                        "  44: vkCmdEndRenderPass");
    const vks_cmd *draw = cmd_at(a, 1, 35);
    ck_assert_uint_eq(draw->access_count, 3);
    ck_assert_uint_eq(draw->accesses[2].layout, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
    ck_assert_ptr_nonnull(draw->loc.caller);
    ck_assert_uint_eq(draw->loc.caller->line, 43);
    test_analysis_free(a);
}
END_TEST

START_TEST(array_designators_fill_the_named_elements)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkBuffer a, VkBuffer b) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    VkBufferCopy regions[3] = {\n"
        "        [2] = {.srcOffset = 64, .size = 16},\n"
        "        [0].size = 8,\n"
        "        {.dstOffset = 32, .size = 4},\n"
        "    };\n"
        "    vkCmdCopyBuffer(cmd, a, b, 3, regions);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    /* [2], then [0], then the element after [0]: [1]. */
    ck_assert_str_eq(test_ir_body(a),
                     "  9: vkCmdCopyBuffer\n"
                     "    read COPY:TRANSFER_READ a[0:8]\n"
                     "    write COPY:TRANSFER_WRITE b[0:8]\n"
                     "    read COPY:TRANSFER_READ a[0:4]\n"
                     "    write COPY:TRANSFER_WRITE b[32:36]\n"
                     "    read COPY:TRANSFER_READ a[64:80]\n"
                     "    write COPY:TRANSFER_WRITE b[0:16]\n");
    test_analysis_free(a);
}
END_TEST

START_TEST(unseen_secondary_stays_unknown)
{
    test_analysis *a = analyse(
        "#include <vulkan/vulkan.h>\n"
        "void record(VkCommandBuffer cmd, VkCommandBuffer other, VkBuffer buf) {\n"
        "    vkBeginCommandBuffer(cmd, NULL);\n"
        "    vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "    vkCmdExecuteCommands(cmd, 1, &other);\n"
        "    vkCmdFillBuffer(cmd, buf, 0, 4, 0);\n"
        "    vkEndCommandBuffer(cmd);\n"
        "}\n");
    const vks_cmd *exec = cmd_at(a, 0, 5);
    ck_assert_int_eq(exec->kind, VKS_CMD_EXECUTE_COMMANDS);
    ck_assert_uint_eq(exec->secondary, UINT32_MAX);
    test_analysis_free(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("frontend_images");
    TCase *tc = tcase_create("issue3");
    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, test_make_temp_dir, test_remove_temp_dir);
    tcase_add_test(tc, image_commands_have_subresources_layouts_and_buffer_ranges);
    tcase_add_test(tc, transition_hazard_is_at_the_barrier_call);
    tcase_add_test(tc, attachments_through_helper_views_and_framebuffers);
    tcase_add_test(tc, queue_family_transfer_and_unknown_image_values);
    tcase_add_test(tc, command_buffers_know_their_pool_queue_family);
    tcase_add_test(tc, events_sync1_and_sync2);
    tcase_add_test(tc, render_pass_with_input_attachment_created_elsewhere);
    tcase_add_test(tc, render_pass2_sync2_dependency_and_imageless_framebuffer);
    tcase_add_test(tc, unknown_render_pass_is_unknown);
    tcase_add_test(tc, dynamic_rendering_clears_indirect_counts_and_queries);
    tcase_add_test(tc, multisample_resolves_end_the_subpass_and_the_rendering);
    tcase_add_test(tc, clear_attachments_index_the_subpass_color_attachments);
    tcase_add_test(tc, secondary_recorded_elsewhere_is_executed_inline);
    tcase_add_test(tc, secondary_draws_into_the_primary_subpass);
    tcase_add_test(tc, unseen_secondary_stays_unknown);
    tcase_add_test(tc, array_designators_fill_the_named_elements);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
