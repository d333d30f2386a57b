#version 450
// shader-workgroup-race: one barrier per iteration is not enough; the next
// iteration's write races with this iteration's neighbour read.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
shared uint tile[64];
void main()
{
    uint i = gl_LocalInvocationIndex;
    for (int k = 0; k < 4; k++) {
        tile[i] = data[i] + uint(k);
        barrier();
        data[i] = tile[63u - i];
    }
}
