; Globals that the CUDA plugin writes after loading an image (cuModuleGetGlobal).
; Written in IR so they are externally_initialized: the optimizer must never
; fold their initial values into device code.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@__cot_device_num = externally_initialized global i32 0, align 4
@__cot_num_devices = externally_initialized global i32 1, align 4
