// EXPECT: clean
// examples/images/fixed_layout_discard.c run for real (README.md, 'Examples').
#include "vkrt.h"
#include "../../../examples/images/fixed_layout_discard.c"
#include "layout_discard_main.h"
