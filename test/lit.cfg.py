# -*- Python -*-
# lit configuration for clang-offload. Substitutions:
#   %clang, %clangxx        our bin/clang and bin/clang++
#   %bundler                our bin/clang-offload-bundler
#   %host-clang             Debian's clang-19, for building test inputs that
#                           must not depend on our compiler
#   %libdir, %bindir        the build tree's lib/ and bin/
#   %ptxas                  ptxas when installed (feature `ptxas`)
#   %cuda-path              the CUDA toolkit that ptxas belongs to, for
#                           --cuda-path (with feature `ptxas`)
# Features: `ptxas` when ptxas is installed, `gpu` when an NVIDIA GPU answers.
import os
import shutil
import subprocess

import lit.formats

config.name = "clang-offload"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".ll", ".test", ".txt"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "offload_on_gpu.py", "__pycache__"]
config.test_source_root = os.path.dirname(__file__)

path = os.path.pathsep.join([config.cot_bin_dir, config.llvm_tools_dir,
                             config.environment.get("PATH", os.environ["PATH"])])
config.environment["PATH"] = path
for var in ["HOME", "TMPDIR", "CUDA_VISIBLE_DEVICES"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Tests must not inherit the developer's runtime settings.
for var in ["OMP_TARGET_OFFLOAD", "OMP_DEFAULT_DEVICE", "LIBOMPTARGET_INFO",
            "LIBOMPTARGET_DEBUG", "LIBOMPTARGET_PROFILE", "LIBOMPTARGET_SUMMARY",
            "OMP_NUM_THREADS"]:
    config.environment.pop(var, None)

config.substitutions.append(("%clangxx", os.path.join(config.cot_bin_dir, "clang++")))
config.substitutions.append(("%clang", os.path.join(config.cot_bin_dir, "clang")))
config.substitutions.append(("%bundler", os.path.join(config.cot_bin_dir, "clang-offload-bundler")))
config.substitutions.append(("%host-clang", os.path.join(config.llvm_tools_dir, "clang")))
config.substitutions.append(("%libdir", config.cot_lib_dir))
config.substitutions.append(("%bindir", config.cot_bin_dir))
config.substitutions.append(("%srcroot", config.cot_src_root))

if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))
    config.substitutions.append(
        ("%cuda-path", os.path.dirname(os.path.dirname(config.ptxas))))


def gpu_available():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.returncode == 0 and "GPU" in out.stdout


if gpu_available():
    config.available_features.add("gpu")

# The bundler's libFuzzer target (built only with clang): feature `fuzzer`.
if os.path.exists(os.path.join(config.cot_bin_dir, "bundler-fuzzer")):
    config.available_features.add("fuzzer")
