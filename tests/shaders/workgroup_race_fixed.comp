#version 450
// Race-free workgroup memory: a barrier() between exchange steps, each
// invocation's own slot (i against i), atomics against atomics, a write by
// invocation 0 alone, and an index the analysis cannot know (never a finding).
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
shared uint slots[16];
shared uint own[16];
shared uint counter;
shared uint total;
shared uint table[16];
void main()
{
    uint i = gl_LocalInvocationID.x;
    if (i == 0u)
        total = 0u;
    slots[i] = data[gl_GlobalInvocationID.x];
    own[i] = slots[i] + 1u;
    data[i] = own[i];
    atomicAdd(counter, 1u);
    barrier();
    data[gl_GlobalInvocationID.x] = slots[(i + 1u) % 16u] + atomicAdd(counter, 0u) + total;
    table[data[i] % 16u] = i;
}
