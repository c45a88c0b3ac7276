; An SPMD kernel as the NVPTX kernel formation emits it: spmd_init, a parallel
; region bracketed by spmd_parallel_begin/end with a chunked static loop
; (kind 33, chunk 1: cyclic), spmd_deinit. Linked with the device runtime and
; optimized, the runtime calls fold into the kernel: no calls remain, no
; control loop, and the PTX assembles.
; RUN: llvm-link --only-needed %s %libdir/libomptarget-nvptx.bc -o %t.linked.bc
; RUN: opt -passes='internalize,default<O2>' -internalize-public-api-list=spmd_kernel %t.linked.bc -o %t.opt.bc
; RUN: llvm-dis %t.opt.bc -o - | FileCheck %s --check-prefix=IR
; RUN: llc -march=nvptx64 -mcpu=sm_75 %t.opt.bc -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: llc -march=nvptx64 -mcpu=sm_90 %t.opt.bc -o %t.90.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.90.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_75 %t.ptx -o %t.cubin %}
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}

; IR: define {{.*}}void @spmd_kernel(
; IR-NOT: call {{.*}}@__kmpc_for_static_init_4
; IR-NOT: call {{.*}}@__cot_gpu
; IR-NOT: call {{.*}}@__kmpc
; IR: ret void
; IR-NOT: define {{.*}}@__cot_gpu_generic_init

; PTX: .entry spmd_kernel(
; PTX-NOT: call
; PTX-NOT: generic_init
; PTX: ret;

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @spmd_kernel(ptr %a, i64 %n64) "target-cpu"="sm_90" {
entry:
  %last = alloca i32, align 4
  %lb = alloca i32, align 4
  %ub = alloca i32, align 4
  %st = alloca i32, align 4
  %n = trunc i64 %n64 to i32
  call void @__cot_gpu_spmd_init(i32 1)
  call void @__cot_gpu_spmd_parallel_begin()
  %gtid = call i32 @__kmpc_global_thread_num(ptr null)
  %nm1 = sub i32 %n, 1
  store i32 0, ptr %lb
  store i32 %nm1, ptr %ub
  store i32 1, ptr %st
  store i32 0, ptr %last
  call void @__kmpc_for_static_init_4(ptr null, i32 %gtid, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  br label %chunk

chunk:
  %l = load i32, ptr %lb
  %u = load i32, ptr %ub
  %uc = call i32 @llvm.smin.i32(i32 %u, i32 %nm1)
  %more = icmp sle i32 %l, %uc
  br i1 %more, label %body, label %done

body:
  %i = phi i32 [ %l, %chunk ], [ %inext, %body ]
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds double, ptr %a, i64 %idx
  %v = load double, ptr %p
  %v2 = fmul double %v, 2.0
  store double %v2, ptr %p
  %inext = add nsw i32 %i, 1
  %again = icmp sle i32 %inext, %uc
  br i1 %again, label %body, label %next

next:
  %s = load i32, ptr %st
  %l2 = add nsw i32 %l, %s
  %u2 = add nsw i32 %u, %s
  store i32 %l2, ptr %lb
  store i32 %u2, ptr %ub
  br label %chunk

done:
  call void @__kmpc_for_static_fini(ptr null, i32 %gtid)
  call void @__cot_gpu_spmd_parallel_end()
  call void @__cot_gpu_spmd_deinit()
  ret void
}

declare void @__cot_gpu_spmd_init(i32)
declare void @__cot_gpu_spmd_deinit()
declare void @__cot_gpu_spmd_parallel_begin()
declare void @__cot_gpu_spmd_parallel_end()
declare i32 @__kmpc_global_thread_num(ptr)
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_fini(ptr, i32)
declare i32 @llvm.smin.i32(i32, i32)

!nvvm.annotations = !{!0}
!0 = !{ptr @spmd_kernel, !"kernel", i32 1}
