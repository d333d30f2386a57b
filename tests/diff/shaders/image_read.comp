#version 450
// Reads binding 0 (an rgba8 storage image), writes binding 1 (a buffer).
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba8) readonly uniform image2D source;
layout(set = 0, binding = 1) writeonly buffer Destination { uint values[]; } destination;
void main()
{
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    destination.values[p.y * 64 + p.x] = uint(imageLoad(source, p).r * 255.0);
}
