#version 450
#extension GL_KHR_memory_scope_semantics : require
#pragma use_vulkan_memory_model
// availability_bad fixed: the ticket makes the writes available and visible.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) nonprivate buffer Partial { uint partial[]; };
layout(set = 0, binding = 1) buffer Counter { uint tickets; };
layout(set = 0, binding = 2) buffer Result { uint total; };
void main() {
    uint wg = gl_WorkGroupID.x;
    partial[wg] = wg * 2u;
    uint ticket = atomicAdd(tickets, 1u, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquireRelease | gl_SemanticsMakeAvailable | gl_SemanticsMakeVisible);
    if (ticket == gl_NumWorkGroups.x - 1u) {
        uint sum = 0u;
        for (uint i = 0u; i < gl_NumWorkGroups.x; ++i)
            sum += partial[i];
        total = sum;
    }
}
