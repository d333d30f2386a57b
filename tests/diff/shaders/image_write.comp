#version 450
// Writes binding 0 (a 64x64 rgba8 storage image, GENERAL layout).
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba8) writeonly uniform image2D target;
void main()
{
    imageStore(target, ivec2(gl_GlobalInvocationID.xy), vec4(1.0, 0.0, 0.0, 1.0));
}
