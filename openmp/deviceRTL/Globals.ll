; Globals that the CUDA plugin writes after loading an image (cuModuleGetGlobal).
; Written in IR so they are externally_initialized: the optimizer must never
; fold their initial values into device code.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@__cot_device_num = externally_initialized global i32 0, align 4
@__cot_num_devices = externally_initialized global i32 1, align 4

; The vtables of the C++ ABI's type_info classes, which the type_info
; objects of polymorphic classes point into (their vtables hold a pointer to
; their type_info). Device code never calls through them: typeid compares
; names, and dynamic_cast (__dynamic_cast) is not available on the GPU.
@_ZTVN10__cxxabiv117__class_type_infoE = weak global [4 x ptr] zeroinitializer, align 8
@_ZTVN10__cxxabiv120__si_class_type_infoE = weak global [4 x ptr] zeroinitializer, align 8
@_ZTVN10__cxxabiv121__vmi_class_type_infoE = weak global [4 x ptr] zeroinitializer, align 8

; The `declare target indirect` functions' host and device addresses
; (Indirect.cpp), written by libomptarget when it loads the image.
@__cot_indirect_table = externally_initialized global ptr null, align 8
@__cot_indirect_count = externally_initialized global i64 0, align 8
