#version 450
#extension GL_KHR_memory_scope_semantics : require
#pragma use_vulkan_memory_model
// A per-workgroup slot may use Workgroup scope: no other workgroup touches it.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Counters { uint count[]; };
void main() {
    atomicAdd(count[gl_WorkGroupID.x], 1u, gl_ScopeWorkgroup, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
    atomicAdd(count[1024u], 1u, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
}
