#version 450
#extension GL_KHR_memory_scope_semantics : require
#pragma use_vulkan_memory_model
// shader-scope-too-narrow: every workgroup increments the same counter with Workgroup scope.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Counters { uint count[]; };
void main() {
    atomicAdd(count[0], 1u, gl_ScopeWorkgroup, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
}
