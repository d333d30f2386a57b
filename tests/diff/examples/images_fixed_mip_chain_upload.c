// EXPECT: clean
// examples/images/fixed_mip_chain_upload.c run for real (README.md,
// 'Examples').  The texture is the runtime's (memory bound), in
// R8G8B8A8_UNORM rather than the example's SRGB (the runtime's images are
// storage images too, which SRGB formats cannot be); the example's
// create_texture is not called.
#include "vkrt.h"
#include "../../../examples/images/fixed_mip_chain_upload.c"
#include "mip_chain_upload_main.h"
