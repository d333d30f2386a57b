// EXPECT: clean
// examples/dynamic_rendering/fixed_offscreen_then_blit.c run for real
// (README.md, 'Examples').  The target and the "swapchain" image are the
// runtime's (memory bound; the example's create_target is not called); the
// pipeline draws a full-screen triangle (fullscreen.vert, solid.frag).
#include "vkrt.h"
#include "../../../examples/dynamic_rendering/fixed_offscreen_then_blit.c"
#include "offscreen_then_blit_main.h"
