// EXPECT: clean
// VKSYNC-ONLY: spec-vs-layer SYNC-HAZARD-WRITE-AFTER-WRITE at line 75
// examples/dynamic_rendering/bad_offscreen_then_blit.c run for real
// (README.md, 'Examples').  The target and the "swapchain" image are the
// runtime's (memory bound; the example's create_target is not called); the
// pipeline draws a full-screen triangle (fullscreen.vert, solid.frag).
// The barrier after vkCmdEndRendering names COLOR_ATTACHMENT_READ where the
// store operation's (and the draw's) COLOR_ATTACHMENT_WRITE must be made
// available before the layout transition writes the image: write-after-write
// by the spec ("... hazards need appropriate memory dependencies").  Debian's
// 1.3.239 layer reports nothing for this program (run and checked): its
// dynamic rendering tracking does not check this barrier against the
// attachment's writes (it misses the load operation too, see
// programs/dr_clear_then_load_raw.c).
#include "vkrt.h"
#include "../../../examples/dynamic_rendering/bad_offscreen_then_blit.c"
#include "offscreen_then_blit_main.h"
