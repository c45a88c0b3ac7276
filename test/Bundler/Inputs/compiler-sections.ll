; Offload sections the way the compiler emits them with -c: constant data
; in a section named after the target, allocated, no padding.
target triple = "x86_64-pc-linux-gnu"

@dev.x86 = internal constant [19 x i8] c"x86 device payload\00", section "__CLANG_OFFLOAD_BUNDLE__openmp-x86_64-pc-linux-gnu", align 1
@dev.ptx = internal constant [3 x i8] c"ptx", section "__CLANG_OFFLOAD_BUNDLE__openmp-nvptx64-nvidia-cuda", align 1
@llvm.used = appending global [2 x ptr] [ptr @dev.x86, ptr @dev.ptx], section "llvm.metadata"

define i32 @host_fn() {
  ret i32 42
}
