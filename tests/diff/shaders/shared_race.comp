#version 450
// Each invocation writes its slot of shared memory and reads its
// neighbour's without a barrier(): a race inside the workgroup that no
// command-level synchronization can fix.  Binding 0 is written.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) writeonly buffer Destination { uint values[]; } destination;
shared uint slots[16];
void main()
{
    uint i = gl_LocalInvocationID.x;
    slots[i] = i * 3u;
    destination.values[gl_GlobalInvocationID.x] = slots[(i + 1u) % 16u];
}
