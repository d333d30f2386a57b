// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 62
// examples/secondary/bad_streamed_dispatch_args.c run for real (README.md,
// 'Examples'): the secondary's copy writes the arguments the primary's
// indirect dispatch reads.  The example's cull pipeline is idle.comp (no
// descriptors: the example binds none).
#include "vkrt.h"
#include "../../../examples/secondary/bad_streamed_dispatch_args.c"
#include "streamed_dispatch_args_main.h"
