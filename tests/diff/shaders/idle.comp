#version 450
// Touches no resource: the pipeline an example binds for a dispatch whose
// own accesses are not what it is about (the examples bind no descriptor
// set, so the shader must use none).
layout(local_size_x = 1) in;
void main()
{
}
