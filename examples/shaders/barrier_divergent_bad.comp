#version 450
// shader-barrier-divergent: only the first half of the workgroup reaches barrier().
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
shared uint tile[64];
void main() {
    uint lid = gl_LocalInvocationID.x;
    tile[lid] = data[gl_GlobalInvocationID.x];
    if (lid < 32u) {
        barrier();
        data[gl_GlobalInvocationID.x] = tile[lid + 32u];
    }
}
