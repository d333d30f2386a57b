#version 450
// The particle step that examples/compute/*_linked_dispatch_then_copy.c run:
// reads and writes the particle buffer (set 0, binding 0), reads the
// parameters (set 0, binding 1).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Particles { vec4 particle[]; };
layout(set = 0, binding = 1) uniform Params { float dt; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    particle[i].xyz += vec3(0.0, -9.8, 0.0) * dt;
}
