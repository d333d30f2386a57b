#version 450
// The neighbour exchange of workgroup_race_bad with a workgroup size that is
// a specialization constant: not known, so no race is claimed (the entry
// point is reported vksync-incomplete instead).
layout(local_size_x_id = 0) in;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
shared uint slots[64];
void main()
{
    uint i = gl_LocalInvocationID.x;
    slots[i] = data[gl_GlobalInvocationID.x];
    data[gl_GlobalInvocationID.x] = slots[(i + 1u) % 64u];
}
