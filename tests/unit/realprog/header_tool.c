/* A second program file of the same project including the same helper
   header and recording nothing of its own: the header's functions must
   not be analysed (or reported) once more for it. */
#include "vkhelpers.h"

VkDeviceSize tool_total_size(vkh_buffer a, vkh_buffer b)
{
    return a.size + b.size;
}
