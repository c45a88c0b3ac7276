// #pragma omp interop on the host device: init (target, targetsync, with
// device, depend and nowait), use and destroy, and the omp_get_interop_*
// routines with the specification's return codes. The host device has no
// foreign runtime: fr_id 0, fr_name "host", no device, context or stream
// (omp_irc_no_value). The initial device gives omp_interop_none. Using an
// object that is not one (destroyed twice), or with another device than it
// was made for, is an error naming the construct.
// GPU-SKIP: the host device's property values; gpu_cuda_interop_memory.c checks the CUDA ones
// RUN: %clang -g -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_DEBUG=1 %t 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t destroy-twice 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_NUM_HOST_DEVICES=2 not %t other-device 2>&1 | FileCheck %s --check-prefix=OTHER
#include <omp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void show(omp_interop_t Obj, omp_interop_property_t Id) {
  int Rc = 99;
  const char *Name = omp_get_interop_name(Obj, Id);
  switch (Id) {
  case omp_ipr_fr_name:
  case omp_ipr_vendor_name: {
    const char *S = omp_get_interop_str(Obj, Id, &Rc);
    printf("%s = '%s' (rc %d)\n", Name, S ? S : "(null)", Rc);
    break;
  }
  case omp_ipr_platform:
  case omp_ipr_device_context:
  case omp_ipr_targetsync: {
    void *P = omp_get_interop_ptr(Obj, Id, &Rc);
    printf("%s = %p (rc %d: %s)\n", Name, P, Rc,
           omp_get_interop_rc_desc(Obj, (omp_interop_rc_t)Rc));
    break;
  }
  default: {
    omp_intptr_t V = omp_get_interop_int(Obj, Id, &Rc);
    printf("%s = %ld (rc %d)\n", Name, (long)V, Rc);
  }
  }
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  const char *Mode = argc > 1 ? argv[1] : "";
  omp_interop_t Obj = omp_interop_none;
  if (!strcmp(Mode, "destroy-twice")) {
#pragma omp interop init(targetsync : Obj)
    omp_interop_t Copy = Obj;
#pragma omp interop destroy(Obj)
#pragma omp interop destroy(Copy)
    // TWICE: libomptarget: error: interop destroy: 0x{{[0-9a-f]+}} is not an interop object (never initialised by interop init, or already destroyed) at {{.*}}interop.c:[[#@LINE-1]]:1
    return 0;
  }
  if (!strcmp(Mode, "other-device")) {
#pragma omp interop init(target : Obj) device(0)
#pragma omp interop use(Obj) device(1)
    // OTHER: libomptarget: error: interop use with device(1): the object was initialised for device 0 at {{.*}}interop.c:[[#@LINE-1]]:1
    return 0;
  }

  int Ready = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    // The use waits for this sibling task (depend), and is done at once
    // (nowait).
#pragma omp task depend(out : Ready)
    {
      usleep(100000);
      Ready = 1;
    }
#pragma omp interop init(targetsync : Obj) depend(in : Ready) nowait
    printf("after init: dependence done %d, object %s\n", Ready,
           Obj == omp_interop_none ? "none" : "made");
    // CHECK: after init: dependence done 1, object made
  }
  // TRACE: omptarget --> interop init: device 0, targetsync, foreign runtime 'host' (0), nowait (done at once) at {{.*}}interop.c:[[#@LINE-5]]:1
  for (int Id = omp_ipr_fr_id; Id >= omp_ipr_first; --Id)
    show(Obj, (omp_interop_property_t)Id);
  // CHECK-NEXT: fr_id = 0 (rc 0)
  // CHECK-NEXT: fr_name = 'host' (rc 0)
  // CHECK-NEXT: vendor = 9 (rc 0)
  // CHECK-NEXT: vendor_name = 'llvm' (rc 0)
  // CHECK-NEXT: device_num = 0 (rc 0)
  // CHECK-NEXT: platform = (nil) (rc 1: the arguments are valid, but the property has no value)
  // CHECK-NEXT: device = 0 (rc 1)
  // CHECK-NEXT: device_context = (nil) (rc 1: the arguments are valid, but the property has no value)
  // CHECK-NEXT: targetsync = (nil) (rc 1: the arguments are valid, but the property has no value)
  int Rc = 99;
  printf("implementation-defined: %d, '%s' = '%s' (rc %d)\n",
         omp_get_num_interop_properties(Obj),
         omp_get_interop_name(Obj, (omp_interop_property_t)0),
         omp_get_interop_str(Obj, (omp_interop_property_t)0, &Rc), Rc);
  // CHECK-NEXT: implementation-defined: 1, 'plugin' = 'x86_64' (rc 0)
  printf("type of fr_id: %s, of targetsync: %s\n",
         omp_get_interop_type_desc(Obj, omp_ipr_fr_id),
         omp_get_interop_type_desc(Obj, omp_ipr_targetsync) ? "?" : "(null)");
  // CHECK-NEXT: type of fr_id: omp_interop_fr_t, of targetsync: (null)

  // Wrong types, ids out of range, no object, not an object.
  omp_get_interop_str(Obj, omp_ipr_fr_id, &Rc);
  printf("str of fr_id: rc %d (%s)\n", Rc, omp_get_interop_rc_desc(Obj, Rc));
  // CHECK-NEXT: str of fr_id: rc -3 (the property's type is an integer: use omp_get_interop_int)
  omp_get_interop_int(Obj, omp_ipr_fr_name, &Rc);
  printf("int of fr_name: rc %d (%s)\n", Rc, omp_get_interop_rc_desc(Obj, Rc));
  // CHECK-NEXT: int of fr_name: rc -5 (the property's type is a string: use omp_get_interop_str)
  omp_get_interop_int(Obj, omp_ipr_targetsync, &Rc);
  printf("int of targetsync: rc %d\n", Rc);
  // CHECK-NEXT: int of targetsync: rc -4
  omp_get_interop_int(Obj, (omp_interop_property_t)-10, &Rc);
  printf("property -10: rc %d (%s), name %s\n", Rc,
         omp_get_interop_rc_desc(Obj, Rc),
         omp_get_interop_name(Obj, (omp_interop_property_t)-10) ? "?"
                                                                : "(null)");
  // CHECK-NEXT: property -10: rc -2 (the property id is out of range), name (null)
  omp_get_interop_int(Obj, (omp_interop_property_t)1, &Rc);
  printf("property 1: rc %d\n", Rc);
  // CHECK-NEXT: property 1: rc -2
  omp_get_interop_int(omp_interop_none, omp_ipr_fr_id, &Rc);
  printf("none: rc %d (%s), %d properties\n", Rc,
         omp_get_interop_rc_desc(Obj, Rc),
         omp_get_num_interop_properties(omp_interop_none));
  // CHECK-NEXT: none: rc -1 (the interop object is omp_interop_none), 0 properties
  omp_get_interop_int((omp_interop_t)&Rc, omp_ipr_fr_id, &Rc);
  printf("not an object: rc %d (%s)\n", Rc, omp_get_interop_rc_desc(Obj, Rc));
  // CHECK-NEXT: not an object: rc -6 (not a live interop object)
  printf("no rc: fr_id %ld\n", (long)omp_get_interop_int(Obj, omp_ipr_fr_id, NULL));
  // CHECK-NEXT: no rc: fr_id 0

  // An offloaded region between init and use, as a foreign runtime's work
  // would be.
  int OnDevice = 0;
#pragma omp target map(from : OnDevice)
  OnDevice = !omp_is_initial_device();
#pragma omp interop use(Obj)
  // TRACE: omptarget --> interop use: device 0 at {{.*}}interop.c:[[#@LINE-1]]:1
  // TRACE: omptarget --> device 0: waited for interop targetsync, {{[0-9.]+}} us at {{.*}}interop.c:[[#@LINE-2]]:1
#pragma omp interop destroy(Obj)
  printf("on-device %d, after destroy: %s\n", OnDevice,
         Obj == omp_interop_none ? "none" : "still set");
  // CHECK: on-device 1, after destroy: none

  // target (not targetsync) on device 0; use/destroy of none do nothing.
#pragma omp interop init(target : Obj) device(0)
  show(Obj, omp_ipr_device_num);
  show(Obj, omp_ipr_targetsync);
  // CHECK-NEXT: device_num = 0 (rc 0)
  // CHECK-NEXT: targetsync = (nil) (rc 1: the arguments are valid, but the property has no value)
#pragma omp interop destroy(Obj) device(0)
#pragma omp interop use(Obj)
#pragma omp interop destroy(Obj)

  // The initial device has no foreign runtime.
  int Initial = omp_get_initial_device();
#pragma omp interop init(targetsync : Obj) device(Initial)
  printf("initial device: %s\n", Obj == omp_interop_none ? "none" : "made");
  // CHECK-NEXT: libomptarget: info: interop init: the initial device has no foreign runtime; the object is omp_interop_none at {{.*}}interop.c:[[#@LINE-2]]:1
  // CHECK-NEXT: initial device: none
  return 0;
}
