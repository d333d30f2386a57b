#version 450
// barrier_divergent_bad fixed: barrier() in uniform control flow; a branch on
// the workgroup id is uniform within the workgroup and may hold a barrier.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
shared uint tile[64];
void main() {
    uint lid = gl_LocalInvocationID.x;
    tile[lid] = data[gl_GlobalInvocationID.x];
    barrier();
    if (gl_WorkGroupID.x == 0u) {
        // Read the mirrored slot, wait, then overwrite: reading and writing
        // tile in one interval would race (shader-workgroup-race).
        uint mirrored = tile[63u - lid];
        barrier();
        tile[lid] = mirrored;
        barrier();
    }
    if (lid < 32u)
        data[gl_GlobalInvocationID.x] = tile[lid + 32u];
}
