// The jobs -### shows are the ones built from the offload action graph
// (offload-phases.c): each step's job reads what the steps before it wrote.
// RUN: rm -rf %t && mkdir -p %t/nocuda
//
// A link: one cc1 job parses the file, lowers it for the host and writes
// each target's device code; one device-link job builds the images from
// them; the host link gets the packaged images and libomptarget ahead of
// libomp, and libm (Clang's host code of a scan calls log2 and ceil).
// RUN: %clang -### -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu,nvptx64 --cuda-path=%t/nocuda %s -o %t/prog 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: "-cc1"{{.*}} "-emit-obj"
// LINK-SAME: "-cot-offload-targets=x86_64-pc-linux-gnu,nvptx64-nvidia-cuda:sm_75+sm_80+sm_90"
// LINK-SAME: "-cot-device-output=x86_64-pc-linux-gnu=[[X86:[^"]*offload-jobs-openmp-x86_64-pc-linux-gnu-[^"]*\.bc]]"
// LINK-SAME: "-cot-device-output=nvptx64-nvidia-cuda=[[NV:[^"]*offload-jobs-openmp-nvptx64-nvidia-cuda-[^"]*\.bc]]"
// LINK-SAME: "-o" "[[HOST:[^"]*offload-jobs-host-x86_64-pc-linux-gnu-[^"]*\.o]]"
// LINK-NEXT: "-cot-device-link" "-targets=x86_64-pc-linux-gnu,nvptx64-nvidia-cuda:sm_75+sm_80+sm_90"
// LINK-SAME: "-o" "[[IMAGES:[^"]*offload-images[^"]*\.o]]"
// LINK-SAME: "-device=x86_64-pc-linux-gnu=[[X86]]" "-device=nvptx64-nvidia-cuda=[[NV]]"
// LINK-NEXT: ld{{.*}} "-L{{[^"]*}}/lib"{{.*}} "[[HOST]]" "[[IMAGES]]" "-lomptarget" "-rpath" "{{[^"]*}}/lib" "-lm" "-lomp"
// LINK-NOT: "-cc1"
//
// -c: the host object and the device code go into one bundle.
// RUN: %clang -### -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=COMPILE
// COMPILE: "-cc1"{{.*}} "-cot-device-output=x86_64-pc-linux-gnu=[[DEV:[^"]*\.bc]]"{{.*}} "-o" "[[OBJ:[^"]*\.o]]"
// COMPILE-NEXT: clang-offload-bundler" "-type=o" "-targets=host-x86_64-pc-linux-gnu,openmp-x86_64-pc-linux-gnu" "-input=[[OBJ]]" "-input=[[DEV]]" "-output={{.*}}a.o"
//
// -S and -emit-llvm -S bundle text: the device code is textual IR.
// RUN: %clang -### -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S %s -o %t/a.s 2>&1 | FileCheck %s --check-prefix=ASM
// ASM: "-cc1"{{.*}} "-S"{{.*}} "-cot-device-output=x86_64-pc-linux-gnu=[[DEV:[^"]*\.ll]]" "-cot-device-output-text"{{.*}} "-o" "[[HOST:[^"]*\.s]]"
// ASM-NEXT: clang-offload-bundler" "-type=s" {{.*}}"-input=[[HOST]]" "-input=[[DEV]]"
//
// -E: the device part is the file preprocessed with the device's macros.
// RUN: %clang -### -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda -E %s -o %t/a.i 2>&1 | FileCheck %s --check-prefix=PP
// PP: "-cc1"{{.*}} "-E"{{.*}} "-D" "__NVPTX__" "-D" "__nvptx__" "-D" "__nvptx64__" "-D" "__OPENMP_NVPTX__"{{.*}} "-o" "[[DEV:[^"]*\.i]]"
// PP: "-cc1"{{.*}} "-E"
// PP-NOT: __NVPTX__
// PP-SAME: "-o" "[[HOST:[^"]*\.i]]"
// PP-NEXT: clang-offload-bundler" "-type=i" "-targets=host-x86_64-pc-linux-gnu,openmp-nvptx64-nvidia-cuda" "-input=[[HOST]]" "-input=[[DEV]]" "-output={{.*}}a.i"
//
// A bundled input is unbundled; a .i's device parts go to the compile.
// RUN: touch %t/b.i
// RUN: %clang -### -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda -c %t/b.i -o %t/b.o 2>&1 | FileCheck %s --check-prefix=UNBUNDLE
// UNBUNDLE: clang-offload-bundler" "-unbundle" "-allow-missing-bundles" "-type=i" "-targets=host-x86_64-pc-linux-gnu,openmp-nvptx64-nvidia-cuda" "-input={{.*}}b.i" "-output=[[HOST:[^"]*\.i]]" "-output=[[DEV:[^"]*\.i]]"
// UNBUNDLE: "-cc1"{{.*}} "-cot-device-source=nvptx64-nvidia-cuda=[[DEV]]"{{.*}} "-x" "cpp-output" "[[HOST]]"
// UNBUNDLE-NEXT: clang-offload-bundler" "-type=o"
//
// The device code of a bundled .bc goes straight to the device link; its
// host part is compiled as it is, without our cc1 flags.
// RUN: touch %t/c.bc
// RUN: %clang -### -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/c.bc -o %t/c 2>&1 | FileCheck %s --check-prefix=IR
// IR: clang-offload-bundler" "-unbundle" {{.*}}"-type=bc" {{.*}}"-output=[[HOST:[^"]*\.bc]]" "-output=[[DEV:[^"]*\.bc]]"
// IR: "-cc1"
// IR-NOT: -cot-
// IR-SAME: "[[HOST]]"
// IR-NEXT: "-cot-device-link" {{.*}}"-device=x86_64-pc-linux-gnu=[[DEV]]"
//
// -v prints the jobs it runs, the same as -###.
// RUN: %clang -v -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t/v.o 2>&1 | FileCheck %s --check-prefix=VERBOSE
// VERBOSE: -cc1 {{.*}} -cot-device-output=x86_64-pc-linux-gnu=[[DEV:[^ ]*\.bc]]
// VERBOSE: clang-offload-bundler{{"?}} -type=o {{.*}}-input=[[DEV]] -output={{.*}}v.o
//
// -ccc-print-bindings: the tool of each job, device steps under their
// target.
// RUN: %clang -ccc-print-bindings -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --offload-device-only -S %s 2>&1 | FileCheck %s --check-prefix=BIND
// BIND: # "x86_64-pc-linux-gnu" - "clang", inputs: ["{{.*}}offload-jobs.c"], output: "{{.*}}.s"
// BIND-NEXT: # "nvptx64-nvidia-cuda" - "clang-offload-device-link", inputs: ["{{.*}}offload-jobs-openmp-nvptx64-nvidia-cuda-{{.*}}.bc"], output: "offload-jobs-openmp-nvptx64-nvidia-cuda-sm_90.s"
//
// -fopenmp with --offload-arch=sm_XX alone offloads to NVIDIA GPUs, as with
// upstream Clang.
// RUN: %clang -### -fopenmp --offload-arch=sm_90 %s -o %t/arch 2>&1 | FileCheck %s --check-prefix=ARCH
// ARCH: "-cc1"{{.*}}"-cot-offload-targets=nvptx64-nvidia-cuda:sm_90"
// ARCH: "-cot-device-link" "-targets=nvptx64-nvidia-cuda:sm_90"
int main(void) { return 0; }
