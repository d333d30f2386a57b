// EXPECT: clean
// VKSYNC-ONLY: spec-vs-layer layout-discard at line 58
// examples/images/bad_layout_discard.c run for real (README.md, 'Examples').
// The second barrier's oldLayout UNDEFINED lets the driver discard the texels
// the upload wrote; syncval tracks accesses, not contents, and its barrier
// (TRANSFER_WRITE made available and visible) orders everything: the layer is
// silent, vksync-lint reports layout-discard at the read-back copy.
#include "vkrt.h"
#include "../../../examples/images/bad_layout_discard.c"
#include "layout_discard_main.h"
