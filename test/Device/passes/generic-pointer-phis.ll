; openmp-device-generic-pointer-phis: a poison or undef incoming value of a
; phi of generic pointers becomes the global null cast to generic, so that
; the back end's address-space inference can make the phi global (an
; unrolled loop's remainder takes its pointer from such a phi). Phis of
; other types or address spaces stay as they are.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-generic-pointer-phis -S %s | FileCheck %s
; The inference then loads through global pointers only.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-generic-pointer-phis,infer-address-spaces -S %s | FileCheck %s --check-prefix=INFER

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @remainder(
; CHECK: %rest = phi ptr [ addrspacecast (ptr addrspace(1) null to ptr), %entry ], [ %next, %prologue ]
; CHECK: %other = phi i32 [ poison, %entry ], [ 1, %prologue ]
; CHECK: %shared = phi ptr addrspace(3) [ poison, %entry ], [ @tile, %prologue ]
; INFER-LABEL: define i32 @remainder(
; INFER-NOT: load i32, ptr %
; INFER: load i32, ptr addrspace(1)
; INFER-NOT: load i32, ptr %
define i32 @remainder(ptr %param, i1 %skip) {
entry:
  %g = addrspacecast ptr %param to ptr addrspace(1)
  %p = addrspacecast ptr addrspace(1) %g to ptr
  br i1 %skip, label %join, label %prologue
prologue:
  %first = load i32, ptr %p
  %next = getelementptr inbounds i8, ptr %p, i64 12
  br label %join
join:
  %rest = phi ptr [ poison, %entry ], [ %next, %prologue ]
  %other = phi i32 [ poison, %entry ], [ 1, %prologue ]
  %shared = phi ptr addrspace(3) [ poison, %entry ], [ @tile, %prologue ]
  %at = select i1 %skip, ptr %p, ptr %rest
  %v = load i32, ptr %at
  ret i32 %v
}

@tile = internal addrspace(3) global [4 x i32] poison
