#version 450
// Each invocation reads back only its own element after barrier(): no
// exchange, nothing to report.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
shared uint total;
void main() {
    uint gid = gl_GlobalInvocationID.x;
    data[gid] = gid * 3u;
    if (gl_LocalInvocationIndex == 0u)
        total = 0u;
    barrier();
    atomicAdd(total, data[gid]);
}
