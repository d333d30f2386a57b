#version 450
// Reads binding 0, writes binding 1 (storage buffers of 16 uints).
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer Source { uint values[]; } source;
layout(set = 0, binding = 1) writeonly buffer Destination { uint values[]; } destination;
void main()
{
    uint i = gl_GlobalInvocationID.x;
    destination.values[i] = source.values[i] + 1u;
}
