//===- CUDADriver.cpp - Loading the CUDA driver at run time ---------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "CUDADriver.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cot::cuda {

DriverApi cu;

namespace {

// Resolves one symbol into Slot; false with a reason when it is missing.
template <typename Fn>
bool resolve(void *Lib, const char *LibName, const char *Symbol, Fn &Slot,
             std::string &Why) {
  Slot = reinterpret_cast<Fn>(dlsym(Lib, Symbol));
  if (Slot)
    return true;
  Why = std::string(LibName) + " has no " + Symbol +
        " (CUDA driver too old or not a CUDA driver)";
  return false;
}

} // namespace

std::string errorText(CUresult R) {
  const char *Name = nullptr, *Str = nullptr;
  if (cu.GetErrorName && cu.GetErrorName(R, &Name) != CUDA_SUCCESS)
    Name = nullptr;
  if (cu.GetErrorString && cu.GetErrorString(R, &Str) != CUDA_SUCCESS)
    Str = nullptr;
  std::string Text = Name ? Name : "CUDA error " + std::to_string(R);
  if (Str && *Str)
    Text += std::string(": ") + Str;
  return Text;
}

bool loadCudaDriver(std::string &Why) {
  const char *LibName = getenv("LIBOMPTARGET_CUDA_LIBRARY");
  if (!LibName || !*LibName)
    LibName = "libcuda.so.1";
  void *Lib = dlopen(LibName, RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    const char *E = dlerror();
    Why = std::string("no CUDA driver: ") + (E ? E : LibName);
    return false;
  }
  // First what cuInit and its error report need, so that a machine with a
  // driver but no GPU gets the driver's own reason.
  if (!resolve(Lib, LibName, "cuInit", cu.Init, Why) ||
      !resolve(Lib, LibName, "cuGetErrorName", cu.GetErrorName, Why) ||
      !resolve(Lib, LibName, "cuGetErrorString", cu.GetErrorString, Why))
    return false;
  if (CUresult R = cu.Init(0)) {
    Why = "cuInit failed: " + errorText(R);
    return false;
  }
#define COT_CUDA_RESOLVE(Member, Symbol, Ret, Params)                          \
  if (!cu.Member && !resolve(Lib, LibName, Symbol, cu.Member, Why))            \
    return false;
  COT_CUDA_FUNCTIONS(COT_CUDA_RESOLVE)
#undef COT_CUDA_RESOLVE
  // The library stays loaded for the life of the process.
  return true;
}

} // namespace cot::cuda
