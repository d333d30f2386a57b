#version 450
// Reads binding 0 (a combined image sampler) in the fragment stage.
layout(set = 0, binding = 0) uniform sampler2D source;
layout(location = 0) out vec4 color;
void main()
{
    color = texture(source, gl_FragCoord.xy / 64.0);
}
