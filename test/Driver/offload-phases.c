// -ccc-print-phases prints the offload action graph in upstream Clang's
// format. Device code comes out of the host compile (one parse): a device
// "backend, {compiler}, ir" per target; it stays IR, per triple, until the
// device link, which is bound to the GPU arch its PTX targets. An "offload"
// line names the target where a device result enters a host step.
// Without a CUDA toolkit (--cuda-path to an empty directory) there are no
// cubin steps (offload-phases-cubins.c has them).
// RUN: rm -rf %t && mkdir -p %t/nocuda && cd %t
// RUN: touch %t/a.o %t/libfoo.a %t/b.i %t/c.bc %t/d.s
//
// A link for one GPU arch.
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_90 --cuda-path=%t/nocuda -ccc-print-phases %s 2>&1 | FileCheck %s --check-prefix=LINK --match-full-lines
// LINK:            +- 0: input, "{{.*}}offload-phases.c", c, (host-openmp)
// LINK-NEXT:          +- 1: preprocessor, {0}, cpp-output, (host-openmp)
// LINK-NEXT:       +- 2: compiler, {1}, ir, (host-openmp)
// LINK-NEXT:    +- 3: backend, {2}, assembler, (host-openmp)
// LINK-NEXT: +- 4: assembler, {3}, object, (host-openmp)
// LINK-NEXT: |           +- 5: backend, {2}, ir, (device-openmp)
// LINK-NEXT: |        +- 6: linker, {5}, ir, (device-openmp, sm_90)
// LINK-NEXT: |     +- 7: backend, {6}, assembler, (device-openmp, sm_90)
// LINK-NEXT: |  +- 8: offload, "device-openmp (nvptx64-nvidia-cuda:sm_90)" {7}, assembler
// LINK-NEXT: |- 9: clang-offload-packager, {8}, object, (host-openmp)
// LINK-NEXT: 10: linker, {4, 9}, image, (host-openmp)
//
// Two targets: the host device's image is a shared object.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 --cuda-path=%t/nocuda -ccc-print-phases %s 2>&1 | FileCheck %s --check-prefix=TWO
// TWO:      4: assembler, {3}, object, (host-openmp)
// TWO:      5: backend, {2}, ir, (device-openmp)
// TWO-NEXT: 6: linker, {5}, ir, (device-openmp)
// TWO-NEXT: 7: backend, {6}, object, (device-openmp)
// TWO-NEXT: 8: linker, {7}, image, (device-openmp)
// TWO-NEXT: 9: offload, "device-openmp (x86_64-pc-linux-gnu)" {8}, image
// TWO-NEXT: 10: backend, {2}, ir, (device-openmp)
// Without --offload-arch: PTX for sm_75, the oldest GPU CUDA 13 supports.
// TWO-NEXT: 11: linker, {10}, ir, (device-openmp, sm_75)
// TWO-NEXT: 12: backend, {11}, assembler, (device-openmp, sm_75)
// TWO-NEXT: 13: offload, "device-openmp (nvptx64-nvidia-cuda:sm_75)" {12}, assembler
// TWO-NEXT: 14: clang-offload-packager, {9, 13}, object, (host-openmp)
// TWO-NEXT: 15: linker, {4, 14}, image, (host-openmp)
//
// -c: the host object and each target's device code in one bundle.
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64,x86_64-pc-linux-gnu --offload-arch=sm_80,sm_90 -c -ccc-print-phases %s 2>&1 | FileCheck %s --check-prefix=COMPILE --match-full-lines
// COMPILE:            +- 0: input, "{{.*}}offload-phases.c", c, (host-openmp)
// COMPILE-NEXT:          +- 1: preprocessor, {0}, cpp-output, (host-openmp)
// COMPILE-NEXT:       +- 2: compiler, {1}, ir, (host-openmp)
// COMPILE-NEXT:    +- 3: backend, {2}, ir, (device-openmp)
// COMPILE-NEXT: +- 4: offload, "device-openmp (nvptx64-nvidia-cuda)" {3}, ir
// COMPILE-NEXT: |  +- 5: backend, {2}, ir, (device-openmp)
// COMPILE-NEXT: |- 6: offload, "device-openmp (x86_64-pc-linux-gnu)" {5}, ir
// COMPILE-NEXT: |  +- 7: backend, {2}, assembler, (host-openmp)
// COMPILE-NEXT: |- 8: assembler, {7}, object, (host-openmp)
// COMPILE-NEXT: 9: clang-offload-bundler, {4, 6, 8}, object, (host-openmp)
//
// -S, -emit-llvm -S and -emit-llvm -c bundle the host backend's output.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -ccc-print-phases %s 2>&1 | FileCheck %s --check-prefix=ASM
// ASM:      3: backend, {2}, ir, (device-openmp)
// ASM-NEXT: 4: offload, "device-openmp (x86_64-pc-linux-gnu)" {3}, ir
// ASM-NEXT: 5: backend, {2}, assembler, (host-openmp)
// ASM-NEXT: 6: clang-offload-bundler, {4, 5}, assembler, (host-openmp)
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm -ccc-print-phases %s 2>&1 | FileCheck %s --check-prefix=IR
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c -emit-llvm -ccc-print-phases %s 2>&1 | FileCheck %s --check-prefix=IR
// IR:      5: backend, {2}, ir, (host-openmp)
// IR-NEXT: 6: clang-offload-bundler, {4, 5}, ir, (host-openmp)
//
// -E: the device part is the file preprocessed for the device.
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 -E -ccc-print-phases %s 2>&1 | FileCheck %s --check-prefix=PP --match-full-lines
// PP:      +- 0: input, "{{.*}}offload-phases.c", c, (host-openmp)
// PP-NEXT:    +- 1: preprocessor, {0}, cpp-output, (device-openmp)
// PP-NEXT: +- 2: offload, "device-openmp (nvptx64-nvidia-cuda)" {1}, cpp-output
// PP-NEXT: |- 3: preprocessor, {0}, cpp-output, (host-openmp)
// PP-NEXT: 4: clang-offload-bundler, {2, 3}, cpp-output, (host-openmp)
//
// -save-temps: the compile reads the preprocessed files, so each target's
// preprocessing is a step too, whose output the compile parses for that
// target where it differs from the host's.
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 -save-temps -c -ccc-print-phases %s 2>&1 | FileCheck %s --check-prefix=TEMPS
// TEMPS:      2: compiler, {1}, ir, (host-openmp)
// TEMPS-NEXT: 3: preprocessor, {0}, cpp-output, (device-openmp)
// TEMPS-NEXT: 4: backend, {2, 3}, ir, (device-openmp)
//
// Objects and static libraries go to the host link and to the device link.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -ccc-print-phases %s %t/a.o -L%t -lfoo 2>&1 | FileCheck %s --check-prefix=OBJECTS
// OBJECTS:      4: assembler, {3}, object, (host-openmp)
// OBJECTS-NEXT: 5: input, "{{.*}}a.o", object, (host-openmp)
// OBJECTS-NEXT: 6: input, "foo", object, (host-openmp)
// OBJECTS-NEXT: 7: backend, {2}, ir, (device-openmp)
// OBJECTS-NEXT: 8: linker, {7, 5, 6}, ir, (device-openmp)
// OBJECTS:      12: clang-offload-packager, {11}, object, (host-openmp)
// OBJECTS-NEXT: 13: linker, {4, 5, 6, 12}, image, (host-openmp)
//
// Objects alone: only the link steps.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -ccc-print-phases %t/a.o 2>&1 | FileCheck %s --check-prefix=LINKONLY --match-full-lines
// LINKONLY:      +- 0: input, "{{.*}}a.o", object, (host-openmp)
// LINKONLY-NEXT: |           +- 1: linker, {0}, ir, (device-openmp)
// LINKONLY-NEXT: |        +- 2: backend, {1}, object, (device-openmp)
// LINKONLY-NEXT: |     +- 3: linker, {2}, image, (device-openmp)
// LINKONLY-NEXT: |  +- 4: offload, "device-openmp (x86_64-pc-linux-gnu)" {3}, image
// LINKONLY-NEXT: |- 5: clang-offload-packager, {4}, object, (host-openmp)
// LINKONLY-NEXT: 6: linker, {0, 5}, image, (host-openmp)
//
// Bundled inputs are unbundled: a .i's device parts go to the compile, the
// device code of .bc and .s files to the bundle (or the device link) as it
// is, converted to text for a text bundle.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c -ccc-print-phases %t/b.i %t/c.bc %t/d.s 2>&1 | FileCheck %s --check-prefix=UNBUNDLE
// UNBUNDLE:      0: input, "{{.*}}b.i", cpp-output, (host-openmp)
// UNBUNDLE-NEXT: 1: clang-offload-unbundler, {0}, cpp-output, (host-openmp)
// UNBUNDLE-NEXT: 2: compiler, {1}, ir, (host-openmp)
// UNBUNDLE-NEXT: 3: backend, {2, 1}, ir, (device-openmp)
// UNBUNDLE:      7: clang-offload-bundler, {4, 6}, object, (host-openmp)
// UNBUNDLE-NEXT: 8: input, "{{.*}}c.bc", ir, (host-openmp)
// UNBUNDLE-NEXT: 9: clang-offload-unbundler, {8}, ir, (host-openmp)
// UNBUNDLE-NEXT: 10: compiler, {9}, ir, (host-openmp)
// UNBUNDLE-NEXT: 11: backend, {10}, assembler, (host-openmp)
// UNBUNDLE-NEXT: 12: assembler, {11}, object, (host-openmp)
// UNBUNDLE-NEXT: 13: clang-offload-bundler, {9, 12}, object, (host-openmp)
// UNBUNDLE-NEXT: 14: input, "{{.*}}d.s", assembler, (host-openmp)
// UNBUNDLE-NEXT: 15: clang-offload-unbundler, {14}, assembler, (host-openmp)
// UNBUNDLE-NEXT: 16: assembler, {15}, object, (host-openmp)
// UNBUNDLE-NEXT: 17: clang-offload-bundler, {15, 16}, object, (host-openmp)
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -ccc-print-phases %t/c.bc 2>&1 | FileCheck %s --check-prefix=TOTEXT
// TOTEXT:      1: clang-offload-unbundler, {0}, ir, (host-openmp)
// TOTEXT-NEXT: 2: backend, {1}, ir, (device-openmp)
// TOTEXT-NEXT: 3: offload, "device-openmp (x86_64-pc-linux-gnu)" {2}, ir
// TOTEXT:      6: clang-offload-bundler, {3, 5}, assembler, (host-openmp)
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -ccc-print-phases %t/b.i %t/c.bc 2>&1 | FileCheck %s --check-prefix=UNBUNDLELINK
// UNBUNDLELINK: 10: backend, {2, 1}, ir, (device-openmp)
// UNBUNDLELINK-NEXT: 11: linker, {10, 6}, ir, (device-openmp)
//
// --offload-device-only: the device steps are the outputs, closed by an
// "offload" line as upstream; -S has a device link and backend per GPU
// arch.
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_80,sm_90 --offload-device-only -S -ccc-print-phases %s 2>&1 | FileCheck %s --check-prefix=DEVASM --match-full-lines
// DEVASM:               +- 0: input, "{{.*}}offload-phases.c", c, (host-openmp)
// DEVASM-NEXT:             +- 1: preprocessor, {0}, cpp-output, (host-openmp)
// DEVASM-NEXT:          +- 2: compiler, {1}, ir, (host-openmp)
// DEVASM-NEXT:       +- 3: backend, {2}, ir, (device-openmp)
// DEVASM-NEXT:    +- 4: linker, {3}, ir, (device-openmp, sm_80)
// DEVASM-NEXT: +- 5: backend, {4}, assembler, (device-openmp, sm_80)
// DEVASM-NEXT: |  +- 6: linker, {3}, ir, (device-openmp, sm_90)
// DEVASM-NEXT: |- 7: backend, {6}, assembler, (device-openmp, sm_90)
// DEVASM-NEXT: 8: offload, "device-openmp (nvptx64-nvidia-cuda:sm_80)" {5}, "device-openmp (nvptx64-nvidia-cuda:sm_90)" {7}, none
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64,x86_64-pc-linux-gnu --offload-device-only -c -ccc-print-phases %s 2>&1 | FileCheck %s --check-prefix=DEVOBJ
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64,x86_64-pc-linux-gnu --offload-device-only -ccc-print-phases %s 2>&1 | FileCheck %s --check-prefix=DEVOBJ
// DEVOBJ:      3: backend, {2}, ir, (device-openmp)
// DEVOBJ-NEXT: 4: backend, {2}, ir, (device-openmp)
// DEVOBJ-NEXT: 5: offload, "device-openmp (nvptx64-nvidia-cuda)" {3}, "device-openmp (x86_64-pc-linux-gnu)" {4}, none
// DEVOBJ-NOT: linker
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --offload-device-only -E -ccc-print-phases %s 2>&1 | FileCheck %s --check-prefix=DEVPP
// DEVPP:      1: preprocessor, {0}, cpp-output, (device-openmp)
// DEVPP-NEXT: 2: offload, "device-openmp (nvptx64-nvidia-cuda)" {1}, none
//
// Without offload targets the phases are Clang's own.
// RUN: %clang -fopenmp -c -ccc-print-phases %s 2>&1 | FileCheck %s --check-prefix=HOST
// HOST: 4: assembler, {3}, object
// HOST-NOT: openmp
int main(void) { return 0; }
