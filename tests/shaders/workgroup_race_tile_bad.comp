#version 450
// shader-workgroup-race: a transposing tile (2-D ids through a swizzled local
// vector, a push-constant stride) whose last write lands in a slot another
// invocation reads after the same barrier.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
layout(push_constant) uniform P { uint stride; } pc;
shared uint tile[8][9];
void main() {
    uvec2 l = gl_LocalInvocationID.xy;
    tile[l.y][l.x] = data[gl_GlobalInvocationID.y * pc.stride + gl_GlobalInvocationID.x];
    barrier();
    data[gl_GlobalInvocationID.x * pc.stride + gl_GlobalInvocationID.y] = tile[l.x][l.y];
    if (l.x < 4u)
        tile[l.y][l.x + 4u] = 1u;
}
