// Offload binary descriptors the runtime cannot walk safely are fatal at
// registration, naming the file they are in: an entry table that is not a
// whole number of entries, an image without an extent, a negative number
// of images, a declare target variable that wraps around the address space.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: not %t entries 2>&1 | FileCheck %s --check-prefix=ENTRIES
// RUN: not %t image 2>&1 | FileCheck %s --check-prefix=IMAGE
// RUN: not %t count 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not %t global 2>&1 | FileCheck %s --check-prefix=GLOBAL
#define NO_AUTO_REGISTER
#include "harness.h"

int main(int argc, char **argv) {
  const char *Mode = argv[1];
  test_image.ImageStart = test_image_start;
  test_image.ImageEnd = test_image_end;
  cot_offload_entry Wrapping[] = {
      {(void *)(UINTPTR_MAX - 3), "wrapping", 16, COT_ENTRY_GLOBAL, 0}};
  if (!strcmp(Mode, "entries"))
    test_desc.EntriesEnd = (const cot_offload_entry *)((const char *)
                                                           test_entries + 5);
  else if (!strcmp(Mode, "image"))
    test_image.ImageEnd = test_image_start - 1;
  else if (!strcmp(Mode, "count"))
    test_desc.NumImages = -1;
  else if (!strcmp(Mode, "global")) {
    test_desc.EntriesBegin = Wrapping;
    test_desc.EntriesEnd = Wrapping + 1;
  }
  __cot_register_binary(&test_desc);
  printf("not reached\n");
  return 0;
}
// ENTRIES: libomptarget: error: corrupt offload binary descriptor in {{.*}}corrupt_descriptor.c.tmp: the offload entry table is not a whole number of entries
// IMAGE: libomptarget: error: corrupt offload binary descriptor in {{.*}}corrupt_descriptor.c.tmp: image 0 has no extent
// COUNT: libomptarget: error: corrupt offload binary descriptor in {{.*}}corrupt_descriptor.c.tmp: -1 images
// GLOBAL: libomptarget: error: corrupt offload binary descriptor in {{.*}}corrupt_descriptor.c.tmp: declare target variable 'wrapping' of 16 bytes wraps around the address space
