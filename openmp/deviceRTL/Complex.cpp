//===- Complex.cpp - Complex multiplication and division ------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// C and C++ compilers call these for `*` and `/` on complex floating types
// (the host's compiler-rt or libgcc provides them there). The signatures
// follow the x86_64 IR that device code comes from: __mulsc3/__divsc3
// return <2 x float>, __muldc3/__divdc3 { double, double }.
//
// The results follow C's Annex G: the plain formulas, and when they give
// NaN + iNaN although an operand is infinite, the infinite (or zero) result
// the mathematical limit has. Division scales by the larger part of the
// divisor (Smith's method) so that it neither overflows nor underflows
// where the quotient is representable.
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

namespace {

template <typename T> struct Complex { T Re, Im; };

template <typename T> bool isNaN(T X) { return __builtin_isnan(X); }
template <typename T> bool isInf(T X) { return __builtin_isinf(X); }
template <typename T> bool isFinite(T X) { return __builtin_isfinite(X); }
float copySign(float Mag, float Sign) { return __builtin_copysignf(Mag, Sign); }
double copySign(double Mag, double Sign) {
  return __builtin_copysign(Mag, Sign);
}
/// 1 or 0 with the sign of \p X, for the infinite operand of Annex G.
template <typename T> T unitOf(T X, bool Inf) {
  return copySign(Inf ? T(1) : T(0), X);
}
/// Annex G's recovery takes NaN parts of the other operand as signed zeros.
template <typename T> void zeroIfNaN(T &X) {
  if (isNaN(X))
    X = copySign(T(0), X);
}
/// When the operand (Re, Im) is infinite, Annex G's multiplication goes on
/// with it as (±1 or ±0, ±1 or ±0) and the other operand's NaN parts as
/// zeros; returns whether it was.
template <typename T> bool takeInfinite(T &Re, T &Im, T &OtherRe, T &OtherIm) {
  if (!isInf(Re) && !isInf(Im))
    return false;
  Re = unitOf(Re, isInf(Re));
  Im = unitOf(Im, isInf(Im));
  zeroIfNaN(OtherRe);
  zeroIfNaN(OtherIm);
  return true;
}

template <typename T> Complex<T> multiply(T A, T B, T C, T D) {
  T AC = A * C, BD = B * D, AD = A * D, BC = B * C;
  Complex<T> R{AC - BD, AD + BC};
  if (!isNaN(R.Re) || !isNaN(R.Im))
    return R;
  bool Recalc = takeInfinite(A, B, C, D);
  Recalc |= takeInfinite(C, D, A, B);
  if (!Recalc &&
      (isInf(AC) || isInf(BD) || isInf(AD) || isInf(BC))) { // overflow
    zeroIfNaN(A);
    zeroIfNaN(B);
    zeroIfNaN(C);
    zeroIfNaN(D);
    Recalc = true;
  }
  if (Recalc) {
    R.Re = __builtin_inf() * (A * C - B * D);
    R.Im = __builtin_inf() * (A * D + B * C);
  }
  return R;
}

template <typename T> Complex<T> divide(T A, T B, T C, T D) {
  Complex<T> R;
  if (__builtin_fabs(C) >= __builtin_fabs(D)) {
    T Ratio = D / C, Denom = C + D * Ratio;
    R = {(A + B * Ratio) / Denom, (B - A * Ratio) / Denom};
  } else {
    T Ratio = C / D, Denom = C * Ratio + D;
    R = {(A * Ratio + B) / Denom, (B * Ratio - A) / Denom};
  }
  if (!isNaN(R.Re) || !isNaN(R.Im))
    return R;
  if (C == T(0) && D == T(0) && (!isNaN(A) || !isNaN(B))) {
    R = {copySign(T(__builtin_inf()), C) * A,
         copySign(T(__builtin_inf()), C) * B};
  } else if ((isInf(A) || isInf(B)) && isFinite(C) && isFinite(D)) {
    A = unitOf(A, isInf(A));
    B = unitOf(B, isInf(B));
    R = {T(__builtin_inf()) * (A * C + B * D),
         T(__builtin_inf()) * (B * C - A * D)};
  } else if ((isInf(C) || isInf(D)) && isFinite(A) && isFinite(B)) {
    C = unitOf(C, isInf(C));
    D = unitOf(D, isInf(D));
    R = {T(0) * (A * C + B * D), T(0) * (B * C - A * D)};
  }
  return R;
}

typedef float Float2 __attribute__((ext_vector_type(2)));

Float2 toFloat2(Complex<float> Z) { return Float2{Z.Re, Z.Im}; }

_Complex double toComplexDouble(Complex<double> Z) {
  _Complex double R;
  __real__ R = Z.Re;
  __imag__ R = Z.Im;
  return R;
}

} // namespace

// Clang calls the multiplications only when the plain formula gave NaN +
// iNaN, a branch that is almost never taken: they stay out of line, so that
// loops of complex products stay small enough to unroll (a 3x3 complex
// matrix product with __mulsc3 inlined kept its loops, 1.6 times slower
// than Debian clang-19's). Divisions are called for every quotient.
COT_ENTRY __attribute__((noinline, cold)) Float2 __mulsc3(float A, float B,
                                                          float C, float D) {
  return toFloat2(multiply(A, B, C, D));
}

COT_ENTRY Float2 __divsc3(float A, float B, float C, float D) {
  return toFloat2(divide(A, B, C, D));
}

COT_ENTRY __attribute__((noinline, cold)) _Complex double
__muldc3(double A, double B, double C, double D) {
  return toComplexDouble(multiply(A, B, C, D));
}

COT_ENTRY _Complex double __divdc3(double A, double B, double C, double D) {
  return toComplexDouble(divide(A, B, C, D));
}
