#version 450
// exchange_bad fixed: memoryBarrierBuffer() orders the buffer writes, and
// barrier() makes every invocation wait for them.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
void main() {
    uint gid = gl_GlobalInvocationID.x;
    data[gid] = gid * 3u;
    memoryBarrierBuffer();
    barrier();
    uint neighbour = data[gid ^ 1u];
    data[gid] += neighbour;
}
