/* Test harness for the runtime tests: embeds a device image built from
 * Inputs/kernels.c (path in IMAGE), registers it with the kernels and
 * globals below, and builds map lists by hand, as the compiler would. */
#ifndef COT_TEST_HARNESS_H
#define COT_TEST_HARNESS_H

#include "OffloadABI.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>

#ifdef IMAGE
__asm__(".section .rodata\n.balign 16\n"
        "test_image_start:\n.incbin \"" IMAGE "\"\ntest_image_end:\n"
        ".previous\n");
#endif
extern const char test_image_start[] __asm__("test_image_start");
extern const char test_image_end[] __asm__("test_image_end");

/* Host fallbacks: the keys of the kernels. */
#define HOST_FN(N)                                                             \
  void host_##N(void **Args) {                                                 \
    (void)Args;                                                                \
    printf("host fallback " #N "\n");                                          \
  }
HOST_FN(k_add)
HOST_FN(k_set)
HOST_FN(k_copy)
HOST_FN(k_struct)
HOST_FN(k_record)
HOST_FN(k_devinfo)
HOST_FN(k_private)
HOST_FN(k_missing)

/* Declare-target global; the device image defines its own dev_global. */
int dev_global = 42;

#ifndef EXTRA_ENTRIES
#define EXTRA_ENTRIES
#endif
static cot_offload_entry test_entries[] = {
    {(void *)host_k_add, "k_add", 0, COT_ENTRY_KERNEL, 0},
    {(void *)host_k_set, "k_set", 0, COT_ENTRY_KERNEL, 0},
    {(void *)host_k_copy, "k_copy", 0, COT_ENTRY_KERNEL, 0},
    {(void *)host_k_struct, "k_struct", 0, COT_ENTRY_KERNEL, 0},
    {(void *)host_k_record, "k_record", 0, COT_ENTRY_KERNEL, 0},
    {(void *)host_k_devinfo, "k_devinfo", 0, COT_ENTRY_KERNEL, 0},
    {(void *)host_k_private, "k_private", 0, COT_ENTRY_KERNEL, 0},
    {&dev_global, "dev_global", sizeof(int), COT_ENTRY_GLOBAL, 0},
    EXTRA_ENTRIES};

static cot_device_image test_image = {"x86_64-pc-linux-gnu", "", 0, 0};
static cot_binary_desc test_desc = {
    COT_ABI_VERSION, 1, &test_image, test_entries,
    test_entries + sizeof(test_entries) / sizeof(test_entries[0])};

#ifndef NO_AUTO_REGISTER
__attribute__((constructor)) static void test_register(void) {
  test_image.ImageStart = test_image_start;
  test_image.ImageEnd = test_image_end;
  __cot_register_binary(&test_desc);
}
__attribute__((destructor)) static void test_unregister(void) {
  __cot_unregister_binary(&test_desc);
}
#endif

/* A map list under construction. */
typedef struct {
  void *Bases[32];
  void *Begins[32];
  int64_t Sizes[32];
  uint64_t Types[32];
  const char *Names[32];
  cot_map_list List;
} maps_t;

static inline cot_map_list *maps_init(maps_t *M) {
  memset(M, 0, sizeof(*M));
  M->List.Bases = M->Bases;
  M->List.Begins = M->Begins;
  M->List.Sizes = M->Sizes;
  M->List.Types = M->Types;
  M->List.Names = M->Names;
  return &M->List;
}

static inline int maps_add(maps_t *M, const void *Base, const void *Begin,
                           int64_t Size, uint64_t Type, const char *Name) {
  int I = M->List.Count++;
  M->Bases[I] = (void *)Base;
  M->Begins[I] = (void *)Begin;
  M->Sizes[I] = Size;
  M->Types[I] = Type;
  M->Names[I] = Name;
  return I;
}

#define MEMBER_OF(I) ((uint64_t)((I) + 1) << COT_MAP_MEMBER_OF_SHIFT)
#define LOC(L) (&(cot_source_loc){"test.c", __func__, L, 3})
#define PARAMS(N) (&(cot_launch_params){0, 0, N, 0})
#define TO COT_MAP_TO
#define FROM COT_MAP_FROM
#define TOFROM (COT_MAP_TO | COT_MAP_FROM)
#define PARAM COT_MAP_TARGET_PARAM
#define LIT (COT_MAP_LITERAL | COT_MAP_TARGET_PARAM)

/* Launch that must run on the device. */
static inline void launch(void (*Fn)(void **), cot_map_list *L, int Line) {
  int NumArgs = 0;
  for (int I = 0; I < L->Count; ++I)
    NumArgs += (L->Types[I] & COT_MAP_TARGET_PARAM) != 0;
  if (__cot_target_launch(COT_DEVICE_DEFAULT, (void *)Fn, L, PARAMS(NumArgs),
                          LOC(Line))) {
    printf("unexpected host fallback at line %d\n", Line);
    exit(2);
  }
}

#endif
