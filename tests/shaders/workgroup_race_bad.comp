#version 450
// shader-workgroup-race: each invocation writes its slot and reads its
// neighbour's with no barrier() between.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
shared uint slots[16];
shared uint total;
void main()
{
    uint i = gl_LocalInvocationID.x;
    slots[i] = data[gl_GlobalInvocationID.x];
    data[gl_GlobalInvocationID.x] = slots[(i + 1u) % 16u];
    total = 0u;
}
