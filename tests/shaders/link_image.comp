#version 450
// Image link test: writes a storage image (binding 0), samples another (binding 1).
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba8) uniform writeonly image2D target;
layout(set = 0, binding = 1) uniform sampler2D source;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    imageStore(target, p, textureLod(source, vec2(p) / 64.0, 0.0));
}
