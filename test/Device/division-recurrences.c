// openmp-device-division-recurrences on host code (the pass is target
// independent; the NVPTX device link runs it in O3): divisions of a loop
// index by loop-invariant divisors become mixed-radix counters, two levels
// deep for the index recovery of collapse(3) (and for a remainder divided by
// a divisor that does not divide the first: a borrow), with the quotient negated for
// a negative signed divisor; an unsigned index, which may wrap, keeps its
// divisions. lli runs the program before and after: the same output, over
// starts, strides and divisors that make the counters carry and borrow.
// RUN: %host-clang -O1 -S -emit-llvm %s -o %t.ll
// RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-division-recurrences %t.ll -S -o %t.rec.ll
// RUN: FileCheck %s < %t.rec.ll
// RUN: lli %t.ll > %t.want
// RUN: lli %t.rec.ll > %t.got
// RUN: diff %t.want %t.got
// RUN: FileCheck %s --check-prefix=OUT < %t.got

// CHECK-LABEL: define {{.*}} @sweep3(
// CHECK: %start.q = udiv
// CHECK: %wrap.q = udiv
// CHECK: %index.q{{[0-9]*}} = phi
// CHECK-NOT: div
// CHECK-NOT: rem
// CHECK: ret i64
// CHECK-LABEL: define {{.*}} @remainderDigits(
// CHECK: %index.borrow = icmp ult
// CHECK: ret i64
// CHECK-LABEL: define {{.*}} @signedDivisor(
// CHECK: %divisor.negative = icmp slt i64
// CHECK: %index.q.signed = select i1 %divisor.negative
// CHECK-NOT: div
// CHECK-NOT: rem
// CHECK: ret i64
// CHECK-LABEL: define {{.*}} @unsignedIndex(
// CHECK-NOT: index.q
// CHECK: udiv
// CHECK: urem
// CHECK-LABEL: define {{.*}} @main(

// No call was turned away by its guards:
// OUT: rejected 0

#include <stdio.h>

// Guards that give the counters their non-negative starts and strides;
// each counts on its own, so that the optimizer keeps them apart.
static int BadStart, BadStride, BadDims;

// collapse(3) as Clang writes it: a linear index in a grid-stride loop,
// i, j and k recovered by dividing twice.
__attribute__((noinline)) unsigned long sweep3(long start, long stride,
                                               long total, long nj, long nk) {
  if (start < 0)
    return ++BadStart;
  if (stride < 0)
    return ++BadStride;
  if (nj <= 0 || nk <= 0)
    return ++BadDims;
  unsigned long h = 0;
  for (long iv = start; iv < total; iv += stride) {
    long i = iv / (nj * nk);
    long r = iv - i * (nj * nk);
    long j = r / nk;
    long k = r - j * nk;
    h = h * 31 + (unsigned long)(i * 1000003 + j * 1009 + k);
  }
  return h;
}

// The remainder divided by a divisor that need not divide the first one:
// the remainder's wraps borrow from its digits.
__attribute__((noinline)) unsigned long remainderDigits(long start, long stride,
                                                        long total, long a,
                                                        long b) {
  if (start < 0)
    return ++BadStart;
  if (stride < 0)
    return ++BadStride;
  if (a <= 0 || b <= 0)
    return ++BadDims;
  unsigned long h = 0;
  for (long iv = start; iv < total; iv += stride) {
    long r = iv % a;
    h = h * 31 + (unsigned long)((iv / a) * 7 + (r / b) * 3 + r % b);
  }
  return h;
}

// A divisor of either sign, with % for the remainder.
__attribute__((noinline)) unsigned long signedDivisor(long start, long stride,
                                                      long total, long d) {
  if (start < 0)
    return ++BadStart;
  if (stride < 0)
    return ++BadStride;
  unsigned long h = 0;
  for (long iv = start; iv < total; iv += stride)
    h = h * 31 + (unsigned long)((iv / d) * 7 + iv % d);
  return h;
}

// Unsigned division of an unsigned index.
__attribute__((noinline)) unsigned long unsignedIndex(unsigned long start,
                                                      unsigned long stride,
                                                      unsigned long total,
                                                      unsigned long d) {
  if ((long)start < 0)
    return ++BadStart;
  if ((long)stride < 0)
    return ++BadStride;
  unsigned long h = 0;
  for (unsigned long iv = start; iv < total; iv += stride)
    h = h * 31 + (iv / d) * 7 + iv % d;
  return h;
}

int main(void) {
  const long Starts[] = {0, 1, 5, 63, 1000};
  const long Strides[] = {1, 2, 3, 7, 64, 1000, 4096};
  const long Dims[] = {1, 2, 3, 5, 16, 33};
  for (unsigned a = 0; a < sizeof(Starts) / sizeof(*Starts); ++a)
    for (unsigned b = 0; b < sizeof(Strides) / sizeof(*Strides); ++b)
      for (unsigned c = 0; c < sizeof(Dims) / sizeof(*Dims); ++c)
        for (unsigned e = 0; e < sizeof(Dims) / sizeof(*Dims); ++e) {
          long nj = Dims[c], nk = Dims[e], total = 7 * nj * nk + 3;
          printf("%lu %lu %lu %lu\n",
                 sweep3(Starts[a], Strides[b], total, nj, nk),
                 remainderDigits(Starts[a], Strides[b], total, nj, nk),
                 signedDivisor(Starts[a], Strides[b], total, Dims[c] - 17),
                 unsignedIndex(Starts[a], Strides[b], total, Dims[e]));
        }
  printf("rejected %d\n", BadStart + BadStride + BadDims);
  return 0;
}
