// Deferred target regions (nowait) on the CUDA plugin without a GPU (the
// stand-in driver of cuda_fake_gpu.c): a libomp task per region that stays
// incomplete, without holding a thread, until its queue is done. Dependent
// regions run in order, a region waits for the copy into a mapping that
// another thread is still making, the encountering thread runs on while a
// kernel runs, depend without nowait completes at once, and a fault in a
// deferred region is reported with its kernel and construct; 200 regions
// without depend finish by a taskwait with few events recorded; and a
// program that calls exit(3) with 4000 regions pending runs them all before
// the driver shuts down, then ends with status 3 and no error (before
// exit() waited for them, every run ended after 10 s with status 1: the
// regions' polls met the driver after its shutdown).
// RUN: sh %S/Inputs/cuda_build_image.sh %host-clang none %t.nv ptx-only
// RUN: %build-host -fopenmp %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// RUN: %host-clang -shared -fPIC -pthread %S/Inputs/cuda_fake_gpu.c -o %t-fake.so
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-fake.so %t | FileCheck %s
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-fake.so FAKE_GPU_KERNEL_US=0 FAKE_GPU_COPY_US=5000 %t | FileCheck %s
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-fake.so not %t fault 2>&1 | FileCheck %s --check-prefix=FAULT
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-fake.so FAKE_GPU_LOG=1 %t in-order 2>&1 | FileCheck %s --check-prefix=ORDERED
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-fake.so FAKE_GPU_KERNEL_US=1000 %t many | FileCheck %s --check-prefix=MANY
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-fake.so FAKE_GPU_KERNEL_US=20 FAKE_GPU_REPORT_AT_EXIT=1 sh -c '%t exit; echo "status $?"' 2>&1 | FileCheck %s --check-prefix=EXIT
#include "Inputs/cuda_async_program.c"

// CHECK: chain: ok
// CHECK-NEXT: independent: ok
// CHECK-NEXT: b is unmapped
// CHECK-NEXT: in order without taskwait: ok
// CHECK-NEXT: copy in flight: ok
// CHECK-NEXT: the kernel saw the flag the host set after the construct: yes
// CHECK-NEXT: depend without nowait: a[7] = 68 (expected 68)
// CHECK-NEXT: the kernel read the linked variable: 77
// CHECK-NEXT: many: ok
// CHECK-NEXT: done

// The kernels of nowait regions without depend whose maps are all present
// go to one queue of their thread (the one of the kernel before, which
// writes the same array), not a queue each.
// ORDERED: fake gpu: stream [[S:0x[0-9a-f]+]] runs a kernel
// ORDERED-NEXT: fake gpu: stream [[S]] runs a kernel
// ORDERED-NEXT: fake gpu: stream [[S]] runs a kernel
// ORDERED-NEXT: fake gpu: stream [[S]] runs a kernel
// ORDERED: in order without taskwait: ok

// Their completion is counted on the queue: an event is recorded only when
// none is pending, not one per region.
// MANY: many: ok
// MANY-NEXT: many: events recorded for 200 regions: fewer than a quarter

// Once two come in quick succession, the device's launch thread launches
// them while the encountering thread prepares the next.
// MANY-NEXT: many: kernels launched by 2 threads

// FAULT: launching a faulting region with nowait
// FAULT-NEXT: libomptarget: error: kernel 'k_fault' failed (plugin 'cuda'): kernel 'k_fault' failed on cuda device 0: CUDA_ERROR_ILLEGAL_ADDRESS: {{.+}} at test.c:208:3
// FAULT-NOT: not reached

// A program that exits with nowait regions pending runs them, then ends
// with its status.
// EXIT: exiting without a taskwait
// EXIT-NOT: error
// EXIT: fake gpu: at exit, 4000 kernels have run
// EXIT-NOT: error
// EXIT: status 3
