// EXPECT: clean
// examples/renderpass/fixed_gbuffer_input_attachment.c run for real (README.md, 'Examples').
#include "vkrt.h"
#include "../../../examples/renderpass/fixed_gbuffer_input_attachment.c"
#include "gbuffer_input_attachment_main.h"
