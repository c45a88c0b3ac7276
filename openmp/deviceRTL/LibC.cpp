//===- LibC.cpp - The C library functions device code calls ---------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Device code comes from the host's parse, so it calls the host C library's
// functions: glibc's `assert` expands to __assert_fail, and string and
// memory comparisons stay calls where the optimizer cannot fold them (at
// -O0 always). CUDA provides none of them. These are their device versions:
// a failed assert prints glibc's message through CUDA's __assertfail, which
// stops the kernel (the runtime then reports the kernel's failure); the
// string functions are plain byte loops, as memcmp and friends are in any
// libc; scalbln, which libdevice lacks, is its scalbn with the exponent
// clamped to int (beyond that range the result is 0 or infinite anyway).
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

COT_ENTRY [[noreturn]] void __assert_fail(const char *Assertion,
                                          const char *File, unsigned Line,
                                          const char *Function) {
  __assertfail(Assertion, File, Line, Function, 1);
  __builtin_trap();
}

COT_ENTRY int memcmp(const void *A, const void *B, size_t Bytes) {
  const auto *X = static_cast<const unsigned char *>(A);
  const auto *Y = static_cast<const unsigned char *>(B);
  for (size_t I = 0; I < Bytes; ++I)
    if (X[I] != Y[I])
      return X[I] < Y[I] ? -1 : 1;
  return 0;
}

COT_ENTRY size_t strlen(const char *S) {
  size_t N = 0;
  while (S[N])
    ++N;
  return N;
}

COT_ENTRY int strncmp(const char *A, const char *B, size_t Limit) {
  for (size_t I = 0; I < Limit; ++I) {
    auto X = (unsigned char)A[I], Y = (unsigned char)B[I];
    if (X != Y)
      return X < Y ? -1 : 1;
    if (!X)
      return 0;
  }
  return 0;
}

COT_ENTRY int strcmp(const char *A, const char *B) {
  return strncmp(A, B, ~size_t(0));
}

extern "C" double __nv_scalbn(double, int);
extern "C" float __nv_scalbnf(float, int);

static int clampedExponent(long N) {
  return N > 100000 ? 100000 : N < -100000 ? -100000 : (int)N;
}

COT_ENTRY double scalbln(double X, long N) {
  return __nv_scalbn(X, clampedExponent(N));
}

COT_ENTRY float scalblnf(float X, long N) {
  return __nv_scalbnf(X, clampedExponent(N));
}
