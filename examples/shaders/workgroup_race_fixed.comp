#version 450
// workgroup_race_bad fixed: barrier() (OpControlBarrier Workgroup,
// AcquireRelease|WorkgroupMemory) between the writes and the neighbour
// reads orders every invocation's write before every invocation's read.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { float data[]; };
shared float tile[64];
void main() {
    uint lid = gl_LocalInvocationID.x;
    tile[lid] = data[gl_GlobalInvocationID.x];
    barrier();
    data[gl_GlobalInvocationID.x] = 0.5 * (tile[lid] + tile[(lid + 1u) % 64u]);
}
