// EXPECT: clean
// examples/compute/fixed_linked_dispatch_then_copy.c run for real (README.md,
// 'Examples').  The example creates its pipeline from "simulate.spv" through
// the application's load_spirv, defined here: it returns the build's
// compiled examples/compute/simulate.comp.  The wrapper creates what the
// example is given: the set layout (binding 0 storage, 1 uniform buffer),
// the pipeline layout and the descriptor set.
#include "vkrt.h"
#include "compute/simulate_spv.h"
#include "../../../examples/compute/fixed_linked_dispatch_then_copy.c"
#include "linked_dispatch_then_copy_main.h"
