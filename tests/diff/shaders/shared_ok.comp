#version 450
// As shared_race.comp, but with barrier() between the shared-memory write
// and the neighbour's read: race-free.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) writeonly buffer Destination { uint values[]; } destination;
shared uint slots[16];
void main()
{
    uint i = gl_LocalInvocationID.x;
    slots[i] = i * 3u;
    barrier();
    destination.values[gl_GlobalInvocationID.x] = slots[(i + 1u) % 16u];
}
