; openmp-device-block-threads alone: a kernel with a constant thread_limit
; (__kmpc_push_num_teams) whose reach has no num_threads below it and no if
; clause gets the attribute "cot-block-threads" (also with num_threads
; equal to the limit); one whose parallel region asks for fewer threads,
; and one whose thread_limit is not a constant, do not. A kernel whose
; __kmpc_push_num_teams sets the number of teams (fixed, variable: not a
; constant 0) gets "cot-explicit-teams".
; openmp-device-fold-block-threads alone: a function with the attribute
; reads %ntid.x as the constant and %tid.x in [0, threads) (a narrower range
; stays), one without keeps the read and the range.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-block-threads -pass-remarks=openmp-device -pass-remarks-missed=openmp-device -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-fold-block-threads -S %s | FileCheck --check-prefix=FOLD %s

; REMARK-DAG: remark: <unknown>:0:0: kernel 'fixed' runs with exactly 96 threads per block (its thread_limit): the team size is a constant in its code
; REMARK-DAG: remark: <unknown>:0:0: kernel 'sets_num_threads' has no fixed block size: a parallel region it reaches asks for fewer threads than its thread_limit (num_threads)
; REMARK-DAG: remark: <unknown>:0:0: kernel 'whole_block' runs with exactly 96 threads per block (its thread_limit): the team size is a constant in its code
; REMARK-NOT: variable

; CHECK: define void @fixed(i32 %n) #[[FIXED:[0-9]+]]
; CHECK: define void @sets_num_threads(i32 %n) !cot.kernel
; CHECK: define void @variable(i32 %n, i32 %limit) #[[EXPLICIT:[0-9]+]]
; CHECK: define void @whole_block(i32 %n) #[[WHOLE:[0-9]+]]
; CHECK-DAG: attributes #[[FIXED]] = { "cot-block-threads"="96" "cot-explicit-teams" }
; CHECK-DAG: attributes #[[EXPLICIT]] = { "cot-explicit-teams" }
; CHECK-DAG: attributes #[[WHOLE]] = { "cot-block-threads"="96" }

; FOLD-LABEL: define void @folded(
; FOLD-NEXT: store i32 256, ptr %out
; FOLD-NEXT: %id = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; FOLD-NEXT: %lane = call range(i32 0, 32) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; FOLD-LABEL: define void @kept(
; FOLD-NEXT: %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; FOLD-NEXT: %id = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @fixed(i32 %n) !cot.kernel !3 {
  call void @__kmpc_push_num_teams(ptr null, i32 0, i32 %n, i32 96)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 0, ptr @teams)
  ret void
}

define internal void @teams(ptr %gtid, ptr %btid) !cot.kernel !3 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @region)
  ret void
}

define void @sets_num_threads(i32 %n) !cot.kernel !4 {
  call void @__kmpc_push_num_teams(ptr null, i32 0, i32 0, i32 96)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 0, ptr @teams_nt)
  ret void
}

define internal void @teams_nt(ptr %gtid, ptr %btid) !cot.kernel !4 {
  call void @__kmpc_push_num_threads(ptr null, i32 0, i32 32)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @region)
  ret void
}

define void @variable(i32 %n, i32 %limit) !cot.kernel !5 {
  call void @__kmpc_push_num_teams(ptr null, i32 0, i32 %n, i32 %limit)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 0, ptr @teams)
  ret void
}

define void @whole_block(i32 %n) !cot.kernel !7 {
  call void @__kmpc_push_num_teams(ptr null, i32 0, i32 0, i32 96)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 0, ptr @teams_wb)
  ret void
}

define internal void @teams_wb(ptr %gtid, ptr %btid) !cot.kernel !7 {
  call void @__kmpc_push_num_threads(ptr null, i32 0, i32 96)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @region)
  ret void
}

define internal void @region(ptr %gtid, ptr %btid) {
  ret void
}

define void @folded(ptr %out) "cot-block-threads"="256" {
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  store i32 %n, ptr %out
  %id = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = call range(i32 0, 32) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %sum = add i32 %id, %lane
  store i32 %sum, ptr %out
  ret void
}

define void @kept(ptr %out) {
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %id = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %sum = add i32 %n, %id
  store i32 %sum, ptr %out
  ret void
}

declare void @__kmpc_push_num_teams(ptr, i32, i32, i32)
declare void @__kmpc_push_num_threads(ptr, i32, i32)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!cot.kernels = !{!0, !1, !2, !6}
!0 = !{ptr @fixed, !"generic", !"teams"}
!1 = !{ptr @sets_num_threads, !"generic", !"teams"}
!2 = !{ptr @variable, !"generic", !"teams"}
!3 = !{ptr @fixed}
!4 = !{ptr @sets_num_threads}
!5 = !{ptr @variable}
!6 = !{ptr @whole_block, !"generic", !"teams"}
!7 = !{ptr @whole_block}
