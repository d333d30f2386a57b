#version 450
// Graphics link test: the vertex stage reads a uniform buffer (set 0, binding 1).
layout(set = 0, binding = 1) uniform Camera { mat4 view_projection; };
layout(location = 0) in vec4 position;
void main() {
    gl_Position = view_projection * position;
}
