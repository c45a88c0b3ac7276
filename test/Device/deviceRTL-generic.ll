; A generic-mode kernel as the NVPTX kernel formation emits it: the main
; thread runs the sequential code, a team-shared local (globalized), and a
; parallel region through __cot_gpu_parallel whose wrapper runs a static loop,
; a barrier, a dynamic loop and a reduction. Linked with the device runtime it
; optimizes and compiles to PTX with the control loop (barrier.sync 0) and the
; shared-memory state; with ptxas available it assembles for sm_75 and sm_90.
; RUN: llvm-link --only-needed %s %libdir/libomptarget-nvptx.bc -o %t.linked.bc
; RUN: opt -passes='internalize,default<O2>' -internalize-public-api-list=generic_kernel %t.linked.bc -o %t.opt.bc
; RUN: llvm-dis %t.opt.bc -o - | FileCheck %s --check-prefix=IR
; RUN: llc -march=nvptx64 -mcpu=sm_75 %t.opt.bc -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: llc -march=nvptx64 -mcpu=sm_90 %t.opt.bc -o %t.90.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_75 %t.ptx -o %t.cubin %}
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}

; The runtime is internal after linking; the kernel is the only entry point.
; IR: addrspace(3) global
; IR: define void @generic_kernel(
; IR-NOT: define {{.*}}@__kmpc_for_static_init_4(
; IR: @llvm.nvvm.barrier.sync(i32 0)

; PTX: .entry generic_kernel(
; PTX: barrier.sync 0;
; PTX: .shared

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @generic_kernel(ptr %out, i64 %n64) {
entry:
  %is.main = call i32 @__cot_gpu_generic_init(ptr null)
  %main = icmp ne i32 %is.main, 0
  br i1 %main, label %main.thread, label %exit

main.thread:
  %sum = call ptr @__cot_gpu_alloc_shared(i64 8)
  store i64 0, ptr %sum
  %args = alloca [3 x ptr]
  store ptr %out, ptr %args
  %a1 = getelementptr [3 x ptr], ptr %args, i32 0, i32 1
  %n.p = inttoptr i64 %n64 to ptr
  store ptr %n.p, ptr %a1
  %a2 = getelementptr [3 x ptr], ptr %args, i32 0, i32 2
  store ptr %sum, ptr %a2
  call void @__cot_gpu_parallel(ptr @region.wrapper, ptr %args, i32 3, i32 0, i32 1)
  %s = load i64, ptr %sum
  store i64 %s, ptr %out
  call void @__cot_gpu_free_shared(ptr %sum, i64 8)
  call void @__cot_gpu_generic_deinit()
  br label %exit

exit:
  ret void
}

define internal void @region.wrapper(ptr %args) {
entry:
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  %out = load ptr, ptr %args
  %a1 = getelementptr ptr, ptr %args, i32 1
  %n.p = load ptr, ptr %a1
  %n64 = ptrtoint ptr %n.p to i64
  %n = trunc i64 %n64 to i32
  %a2 = getelementptr ptr, ptr %args, i32 2
  %sum = load ptr, ptr %a2
  %gtid = call i32 @__kmpc_global_thread_num(ptr null)
  %nm1 = sub i32 %n, 1
  store i32 0, ptr %lb
  store i32 %nm1, ptr %ub
  call void @__kmpc_for_static_init_4(ptr null, i32 %gtid, i32 34, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  %l = load i32, ptr %lb
  %u = load i32, ptr %ub
  %uc = call i32 @llvm.smin.i32(i32 %u, i32 %nm1)
  %any = icmp sle i32 %l, %uc
  br i1 %any, label %body, label %static.done

body:
  %i = phi i32 [ %l, %entry ], [ %inext, %body ]
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 %i, ptr %p
  %inext = add nsw i32 %i, 1
  %again = icmp sle i32 %inext, %uc
  br i1 %again, label %body, label %static.done

static.done:
  call void @__kmpc_for_static_fini(ptr null, i32 %gtid)
  call void @__kmpc_barrier(ptr null, i32 %gtid)
  call void @__kmpc_dispatch_init_4(ptr null, i32 %gtid, i32 1073741859, i32 0, i32 %nm1, i32 1, i32 4)
  br label %dyn

dyn:
  %more = call i32 @__kmpc_dispatch_next_4(ptr null, i32 %gtid, ptr %last, ptr %lb, ptr %ub, ptr %st)
  %has = icmp ne i32 %more, 0
  br i1 %has, label %dyn.body, label %dyn.done

dyn.body:
  %dl = load i32, ptr %lb
  %didx = sext i32 %dl to i64
  %dp = getelementptr inbounds i32, ptr %out, i64 %didx
  %dv = load i32, ptr %dp
  %dv2 = add i32 %dv, 1
  store i32 %dv2, ptr %dp
  br label %dyn

dyn.done:
  call void @__kmpc_dispatch_deinit(ptr null, i32 %gtid)
  %r = call i32 @__kmpc_reduce_nowait(ptr null, i32 %gtid, i32 1, i64 8, ptr null, ptr null, ptr null)
  switch i32 %r, label %red.done [
    i32 1, label %red.plain
    i32 2, label %red.atomic
  ]

red.plain:
  %old = load i64, ptr %sum
  %new = add i64 %old, 1
  store i64 %new, ptr %sum
  call void @__kmpc_end_reduce_nowait(ptr null, i32 %gtid, ptr null)
  br label %red.done

red.atomic:
  %x = atomicrmw add ptr %sum, i64 1 monotonic
  br label %red.done

red.done:
  ret void
}

declare i32 @__cot_gpu_generic_init(ptr)
declare void @__cot_gpu_generic_deinit()
declare void @__cot_gpu_parallel(ptr, ptr, i32, i32, i32)
declare ptr @__cot_gpu_alloc_shared(i64)
declare void @__cot_gpu_free_shared(ptr, i64)
declare i32 @__kmpc_global_thread_num(ptr)
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_fini(ptr, i32)
declare void @__kmpc_barrier(ptr, i32)
declare void @__kmpc_dispatch_init_4(ptr, i32, i32, i32, i32, i32, i32)
declare i32 @__kmpc_dispatch_next_4(ptr, i32, ptr, ptr, ptr, ptr)
declare void @__kmpc_dispatch_deinit(ptr, i32)
declare i32 @__kmpc_reduce_nowait(ptr, i32, i32, i64, ptr, ptr, ptr)
declare void @__kmpc_end_reduce_nowait(ptr, i32, ptr)
declare i32 @llvm.smin.i32(i32, i32)

!nvvm.annotations = !{!0}
!0 = !{ptr @generic_kernel, !"kernel", i32 1}
