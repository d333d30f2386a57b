// EXPECT: clean
// examples/secondary/fixed_streamed_dispatch_args.c run for real (README.md,
// 'Examples'): a barrier orders the secondary's copy before the primary's
// indirect dispatch.  The example's cull pipeline is idle.comp (no
// descriptors: the example binds none).
#include "vkrt.h"
#include "../../../examples/secondary/fixed_streamed_dispatch_args.c"
#include "streamed_dispatch_args_main.h"
