/*
 * vkst_trace.c - the run-time half of vkst_trace.h (read that first).
 *
 * Compiled without the force-include, so the calls below are the real
 * entry points.  Messages of the validation layer arrive through a
 * VK_EXT_debug_utils messenger and are printed one per line on stdout,
 *
 *     VVL-MSG <message-id-name> line=<L> cmd=<entry point>
 *     VVL-TEXT <message>
 *
 * <L> is the source line of the command the message is about, 0 when it
 * could not be mapped: the command traced last for a message raised inside a
 * vkCmd* call; for a hazard found when a command buffer is replayed at
 * submit time, the command the message names by handle and seq_no (seq_no
 * counts the commands since vkBeginCommandBuffer from 1; the traced name at
 * that position must be the one the message names, else 0: never a guess).
 * Setup failures print "VKRT-ERROR <what>" and exit 3.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <vulkan/vulkan.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int vkst_program_main(int argc, char **argv);

static void fail(const char *what)
{
    printf("VKRT-ERROR %s\n", what);
    exit(3);
}

enum { MAX_BUFFERS = 64, MAX_COMMANDS = 512 };

typedef struct {
    const char *name;
    unsigned line;
} traced_command;

typedef struct {
    VkCommandBuffer cmd;
    traced_command commands[MAX_COMMANDS];
    unsigned count;
} traced_buffer;

/* The thr_ programs record on worker threads: the table is shared and kept
 * under `lock`; the command traced last and whether a submission is under
 * way are the calling thread's, since the layer reports a record-time
 * hazard from inside the vkCmd* call, on the thread that made it. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static traced_buffer traced[MAX_BUFFERS];
static unsigned traced_count;
static _Thread_local const traced_command *last_command;
static _Thread_local bool in_submit;
static VkDebugUtilsMessengerEXT messenger;

void vkst_trace(VkCommandBuffer cmd, const char *name, unsigned line)
{
    pthread_mutex_lock(&lock);
    traced_buffer *t = NULL;
    for (unsigned i = 0; i < traced_count && !t; i++)
        if (traced[i].cmd == cmd)
            t = &traced[i];
    if (!t) {
        if (traced_count == MAX_BUFFERS)
            fail("too many command buffers traced");
        t = &traced[traced_count++];
        t->cmd = cmd;
    }
    if (strcmp(name, "vkBeginCommandBuffer") == 0)
        t->count = 0;
    if (t->count == MAX_COMMANDS)
        fail("too many commands traced");
    t->commands[t->count].name = name;
    t->commands[t->count].line = line;
    last_command = &t->commands[t->count++];
    in_submit = false;
    pthread_mutex_unlock(&lock);
}

void vkst_trace_submit(unsigned line)
{
    (void)line;
    in_submit = true;
    last_command = NULL;
}

static const traced_command *recorded_command(const char *message)
{
    const char *handle_text = strstr(message, "VkCommandBuffer 0x");
    const char *info = strstr(message, "Recorded access info");
    if (!handle_text || !info)
        return NULL;
    const char *command = strstr(info, "command: ");
    const char *seq = strstr(info, "seq_no: ");
    if (!command || !seq)
        return NULL;
    uintptr_t handle = (uintptr_t)strtoull(handle_text + strlen("VkCommandBuffer "), NULL, 16);
    command += strlen("command: ");
    size_t length = strcspn(command, ", )");
    unsigned seq_no = (unsigned)strtoul(seq + strlen("seq_no: "), NULL, 10);
    for (unsigned b = 0; b < traced_count; b++) {
        if ((uintptr_t)traced[b].cmd != handle || seq_no == 0 || seq_no >= traced[b].count)
            continue;
        const traced_command *c = &traced[b].commands[seq_no];
        if (strlen(c->name) == length && strncmp(c->name, command, length) == 0)
            return c;
    }
    return NULL;
}

static VKAPI_ATTR VkBool32 VKAPI_CALL on_message(
    VkDebugUtilsMessageSeverityFlagBitsEXT severity,
    VkDebugUtilsMessageTypeFlagsEXT types,
    const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
    (void)user;
    if (severity < VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT ||
        types == VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT)
        return VK_FALSE;
    const char *id = data->pMessageIdName ? data->pMessageIdName : "UNNAMED";
    if (strcmp(id, "Loader Message") == 0)
        return VK_FALSE;
    pthread_mutex_lock(&lock);
    const traced_command *c =
        strstr(data->pMessage, "Recorded access info") ? recorded_command(data->pMessage)
        : in_submit                                    ? NULL
                                                       : last_command;
    printf("VVL-MSG %s line=%u cmd=%s\n", id, c ? c->line : 0, c ? c->name : "?");
    printf("VVL-TEXT %s\n", data->pMessage);
    fflush(stdout);
    pthread_mutex_unlock(&lock);
    return VK_FALSE;
}

static const VkDebugUtilsMessengerCreateInfoEXT messenger_info = {
    .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
    .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
    .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                   VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                   VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
    .pfnUserCallback = on_message,
};

/* The program's instance, with the debug-utils extension added and the
 * messenger chained (for the create and destroy calls themselves) and
 * created (for everything in between). */
VkResult vkst_create_instance(const VkInstanceCreateInfo *info,
                              const VkAllocationCallbacks *allocator,
                              VkInstance *instance)
{
    VkInstanceCreateInfo copy = *info;
    const char *extensions[64];
    uint32_t n = 0;
    bool has_debug_utils = false;
    for (uint32_t i = 0; i < info->enabledExtensionCount && n < 63; i++) {
        extensions[n++] = info->ppEnabledExtensionNames[i];
        if (strcmp(extensions[n - 1], VK_EXT_DEBUG_UTILS_EXTENSION_NAME) == 0)
            has_debug_utils = true;
    }
    if (!has_debug_utils)
        extensions[n++] = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
    copy.enabledExtensionCount = n;
    copy.ppEnabledExtensionNames = extensions;
    VkDebugUtilsMessengerCreateInfoEXT chained = messenger_info;
    chained.pNext = info->pNext;
    copy.pNext = &chained;
    VkResult r = vkCreateInstance(&copy, allocator, instance);
    if (r != VK_SUCCESS)
        return r;
    PFN_vkCreateDebugUtilsMessengerEXT create =
        (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
            *instance, "vkCreateDebugUtilsMessengerEXT");
    if (!create || create(*instance, &messenger_info, NULL, &messenger) != VK_SUCCESS)
        fail("cannot create the debug-utils messenger");
    return r;
}

void vkst_destroy_instance(VkInstance instance, const VkAllocationCallbacks *allocator)
{
    if (instance && messenger) {
        PFN_vkDestroyDebugUtilsMessengerEXT destroy =
            (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
                instance, "vkDestroyDebugUtilsMessengerEXT");
        if (destroy)
            destroy(instance, messenger, NULL);
        messenger = VK_NULL_HANDLE;
    }
    vkDestroyInstance(instance, allocator);
}

PFN_vkVoidFunction vkst_get_instance_proc_addr(VkInstance instance, const char *name)
{
    if (strcmp(name, "vkCreateInstance") == 0)
        return (PFN_vkVoidFunction)vkst_create_instance;
    if (strcmp(name, "vkDestroyInstance") == 0)
        return (PFN_vkVoidFunction)vkst_destroy_instance;
    return vkGetInstanceProcAddr(instance, name);
}

void *vkst_dlsym(void *library, const char *name)
{
    if (strcmp(name, "vkGetInstanceProcAddr") == 0)
        return (void *)vkst_get_instance_proc_addr;
    return dlsym(library, name);
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    int status = vkst_program_main(argc, argv);
    if (status == 0)
        printf("VKRT-DONE\n");
    fflush(stdout);
    return status;
}
