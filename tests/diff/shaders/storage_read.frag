#version 450
// Reads binding 0 (a storage buffer) in the fragment stage.
layout(set = 0, binding = 0) readonly buffer Source { uint values[]; } source;
layout(location = 0) out vec4 color;
void main()
{
    color = vec4(float(source.values[uint(gl_FragCoord.x) % 16u]) / 255.0);
}
