#version 450
// shader-workgroup-race: each invocation stores its value in shared memory
// and averages it with its neighbour's slot, with no barrier() between: the
// neighbour may not have written its slot yet (or may write it meanwhile).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { float data[]; };
shared float tile[64];
void main() {
    uint lid = gl_LocalInvocationID.x;
    tile[lid] = data[gl_GlobalInvocationID.x];
    data[gl_GlobalInvocationID.x] = 0.5 * (tile[lid] + tile[(lid + 1u) % 64u]);
}
