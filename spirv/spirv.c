/* spirv.c - the SPIR-V pass (in progress); links SPIRV-Tools and SPIRV-Cross. */
#include <spirv-tools/libspirv.h>
#include <spirv_cross_c.h>

const char *vks_spirv_placeholder(void);
const char *vks_spirv_placeholder(void)
{
    return spvSoftwareVersionString();
}
