// EXPECT: SYNC-HAZARD-READ-AFTER-WRITE at line 59
// examples/events/bad_event_stage_matches_producer.c run for real
// (README.md, 'Examples').  The indirect dispatch runs idle.comp (no
// descriptors), bound by the example.
#include "vkrt.h"
#include "../../../examples/events/bad_event_stage_matches_producer.c"
#include "event_stage_matches_producer_main.h"
