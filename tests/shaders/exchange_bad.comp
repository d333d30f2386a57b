#version 450
// shader-semantics-missing-storage-class: neighbours exchange values through a
// storage buffer, but barrier() orders only shared memory.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
void main() {
    uint gid = gl_GlobalInvocationID.x;
    data[gid] = gid * 3u;
    barrier();
    uint neighbour = data[gid ^ 1u];
    data[gid] += neighbour;
}
