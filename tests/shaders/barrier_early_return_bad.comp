#version 450
// shader-barrier-divergent: invocations past the end return before barrier(),
// and the barrier sits in a helper function.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { uint n; uint data[]; };
shared uint tile[64];
void sync_tile() {
    barrier();
}
void main() {
    uint gid = gl_GlobalInvocationID.x;
    if (gid >= n)
        return;
    tile[gl_LocalInvocationID.x] = data[gid];
    sync_tile();
    data[gid] = tile[63u - gl_LocalInvocationID.x];
}
