#version 450
// Graphics link test: the fragment stage reads a storage buffer (set 0, binding 0).
layout(set = 0, binding = 0) readonly buffer Palette { vec4 colour[]; };
layout(location = 0) out vec4 result;
void main() {
    result = colour[uint(gl_FragCoord.x) & 15u];
}
