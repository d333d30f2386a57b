#version 450
// Writes binding 0 (a storage buffer of 16 uints).
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) writeonly buffer Destination { uint values[]; } destination;
void main()
{
    destination.values[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x;
}
