#version 450
// Access summary test: what each descriptor is used for, from the code.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) readonly buffer In { float a[]; };
layout(set = 0, binding = 1) buffer Out { float b[]; };
layout(set = 0, binding = 2) uniform Params { uint n; float scale; };
layout(set = 0, binding = 3) buffer Counter { uint hits; };
layout(set = 1, binding = 0) uniform sampler2D tex;
layout(set = 1, binding = 1, rgba8) uniform writeonly image2D outImg;
layout(set = 1, binding = 2, r32ui) uniform uimage2D atomImg;
layout(set = 1, binding = 3, rgba8) uniform readonly image2D inImgs[4];
layout(set = 2, binding = 0) buffer Declared { uint never_touched[]; };
void scale_one(uint i) { b[i] = a[i] * scale; }
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < n)
        scale_one(i);
    atomicAdd(hits, 1u);
    vec4 c = textureLod(tex, vec2(0.5), 0.0) + imageLoad(inImgs[i & 3u], ivec2(0));
    imageStore(outImg, ivec2(gl_GlobalInvocationID.xy), c);
    imageAtomicAdd(atomImg, ivec2(0), 1u);
}
