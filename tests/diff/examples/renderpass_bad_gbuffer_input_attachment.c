// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 176
// examples/renderpass/bad_gbuffer_input_attachment.c run for real (README.md, 'Examples').
#include "vkrt.h"
#include "../../../examples/renderpass/bad_gbuffer_input_attachment.c"
#include "gbuffer_input_attachment_main.h"
