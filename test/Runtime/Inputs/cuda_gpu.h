/* Registration for the CUDA plugin's GPU tests: embeds the nvptx64
 * container NVIMAGE (built by Inputs/cuda_build_image.sh from
 * Inputs/cuda_kernels.cu) as the program's only device image, with the
 * kernels and the declare-target global of cuda_kernels.cu as entries. */
#ifndef COT_TEST_CUDA_GPU_H
#define COT_TEST_CUDA_GPU_H

#define NO_AUTO_REGISTER
#include "harness.h"

__asm__(".section .rodata\n.balign 16\n"
        "nv_image_start:\n.incbin \"" NVIMAGE "\"\nnv_image_end:\n"
        ".previous\n");
extern const char nv_image_start[] __asm__("nv_image_start");
extern const char nv_image_end[] __asm__("nv_image_end");

HOST_FN(k_scale)
HOST_FN(k_info)
HOST_FN(k_fault)
HOST_FN(k_step)
HOST_FN(k_add_from)
HOST_FN(k_wait)
HOST_FN(k_raise)
HOST_FN(k_link_read)

long dev_counter = 0; /* not copied: the device starts from its initialiser */
long linked[4];       /* declare target link: the device has a pointer */

static cot_offload_entry cuda_entries[] = {
    {(void *)host_k_scale, "k_scale", 0, COT_ENTRY_KERNEL, 0},
    {(void *)host_k_info, "k_info", 0, COT_ENTRY_KERNEL, 0},
    {(void *)host_k_fault, "k_fault", 0, COT_ENTRY_KERNEL, 0},
    {(void *)host_k_step, "k_step", 0, COT_ENTRY_KERNEL, 0},
    {(void *)host_k_add_from, "k_add_from", 0, COT_ENTRY_KERNEL, 0},
    {(void *)host_k_wait, "k_wait", 0, COT_ENTRY_KERNEL, 0},
    {(void *)host_k_raise, "k_raise", 0, COT_ENTRY_KERNEL, 0},
    {(void *)host_k_link_read, "k_link_read", 0, COT_ENTRY_KERNEL, 0},
    {linked, "linked_ptr", sizeof(linked), COT_ENTRY_LINK, 0},
    {&dev_counter, "dev_counter", sizeof(long), COT_ENTRY_GLOBAL, 0}};
static cot_device_image cuda_image = {"nvptx64-nvidia-cuda", "", 0, 0};
static cot_binary_desc cuda_desc = {
    COT_ABI_VERSION, 1, &cuda_image, cuda_entries,
    cuda_entries + sizeof(cuda_entries) / sizeof(cuda_entries[0])};

__attribute__((constructor)) static void cuda_register(void) {
  cuda_image.ImageStart = nv_image_start;
  cuda_image.ImageEnd = nv_image_end;
  __cot_register_binary(&cuda_desc);
}
__attribute__((destructor)) static void cuda_unregister(void) {
  __cot_unregister_binary(&cuda_desc);
}

/* Launch with an explicit geometry; must run on the device. */
static inline void launch_geom(void (*Fn)(void **), cot_map_list *L,
                               int NumTeams, int ThreadLimit, int Line) {
  int NumArgs = 0;
  for (int I = 0; I < L->Count; ++I)
    NumArgs += (L->Types[I] & COT_MAP_TARGET_PARAM) != 0;
  cot_launch_params P = {NumTeams, ThreadLimit, NumArgs, 0};
  if (__cot_target_launch(COT_DEVICE_DEFAULT, (void *)Fn, L, &P, LOC(Line))) {
    printf("unexpected host fallback at line %d\n", Line);
    exit(2);
  }
}

#endif
