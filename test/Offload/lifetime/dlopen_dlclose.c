// A shared library with target regions, opened with dlopen, used, and
// closed with dlclose while the program goes on: its image leaves the
// device, the mappings of its storage (its declare target variable) go
// with it, the program's own image keeps working, and dlopen again works.
// Storage mapped later where the library's declare target link variable
// was must not reach the unloaded image (it used to crash).
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -fPIC -shared %S/Inputs/dlopen_lib.c -o %t.so
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t -ldl
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t %t.so | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t %t.so 2>&1 | FileCheck %s --check-prefix=INFO
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <sys/mman.h>

typedef int (*RunFn)(int);
typedef int *(*AddressFn)(void);

static int mainRegion(void) {
  int OnDevice = 0;
#pragma omp target map(from : OnDevice)
  OnDevice = !omp_is_initial_device();
  return OnDevice;
}

/// Maps fresh storage at the page that held the library's link variable.
static void mapWhereLinkVariableWas(int *Linked) {
  void *Page = (void *)((unsigned long)Linked & ~4095ul);
  char *P = mmap(Page, 4096, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (P == MAP_FAILED) {
    printf("the page is in use again; not checked\n");
    return;
  }
#pragma omp target enter data map(to : P[0:4096])
#pragma omp target exit data map(delete : P[0:4096])
  munmap(P, 4096);
}

int main(int argc, char **argv) {
  for (int Round = 1; Round <= 2; ++Round) {
    void *Lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!Lib) {
      printf("dlopen: %s\n", dlerror());
      return 1;
    }
    RunFn Run = (RunFn)dlsym(Lib, "libRun");
    int *Scale = ((AddressFn)dlsym(Lib, "libScaleAddress"))();
    int *Linked = ((AddressFn)dlsym(Lib, "libLinkedAddress"))();
    // CHECK: round 1: library region 42, its variable present 1
    // CHECK: round 1: after dlclose: present 0, main region on the device 1
    // CHECK: round 2: library region 42, its variable present 1
    // CHECK: round 2: after dlclose: present 0, main region on the device 1
    printf("round %d: library region %d, its variable present %d\n", Round,
           Run(6), omp_target_is_present(Scale, 0));
    dlclose(Lib);
    printf("round %d: after dlclose: present %d, main region on the device "
           "%d\n",
           Round, omp_target_is_present(Scale, 0), mainRegion());
    mapWhereLinkVariableWas(Linked);
  }
  // CHECK: done
  printf("done\n");
  return 0;
}
// INFO: libomptarget: info: device 0: declare target 'LibScale'
// INFO: libomptarget: info: device 0: unloaded the image of {{.*}}.so (1 kernels, 1 declare target variables)
// INFO: libomptarget: info: device 0: declare target 'LibScale'
// INFO: libomptarget: info: device 0: unloaded the image of {{.*}}.so (1 kernels, 1 declare target variables)
