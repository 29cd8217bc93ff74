// An independent reference for rounding to small binary formats, shared by
// tests/kernels/bf16.hip and fp8.hip: values are long doubles (64-bit
// significands, so every input, every format value and every midpoint is
// exact), and the nearest encoding is found by bisection over the ordered
// magnitude encodings, not from the bits as the headers do it.
#ifndef HIPC_TESTS_FP_REF_H
#define HIPC_TESTS_FP_REF_H

#include <cmath>

namespace ref {
enum { RN, RZ, RU, RD };

// A format: `mb` stored mantissa bits, `emin` the smallest normal's
// exponent.
struct fmt {
  int mb, emin;
};
// The value of magnitude encoding e.
inline long double value(fmt f, unsigned e) {
  unsigned ex = e >> f.mb, m = e & ((1u << f.mb) - 1);
  if (ex == 0) return std::ldexp(static_cast<long double>(m), f.emin - f.mb);
  return std::ldexp(static_cast<long double>((1u << f.mb) + m),
                    f.emin + static_cast<int>(ex) - 1 - f.mb);
}
// Rounds |x| (finite, >= 0) among the encodings 0..top (top's value taken
// as the next power, as an infinity would be) and returns the encoding.
inline unsigned round(fmt f, long double a, bool neg, int mode, unsigned top) {
  unsigned lo = 0, hi = top;
  while (lo < hi) {  // the largest encoding at or below a
    unsigned mid = (lo + hi + 1) / 2;
    if (value(f, mid) <= a)
      lo = mid;
    else
      hi = mid - 1;
  }
  if (lo == top || value(f, lo) == a) return lo;
  long double l = value(f, lo), h = value(f, lo + 1);
  bool up;
  if (mode == RN)
    up = a - l > h - a || (a - l == h - a && (lo & 1));
  else
    up = mode == (neg ? RD : RU);
  return up ? lo + 1 : lo;
}
}  // namespace ref

#endif  // HIPC_TESTS_FP_REF_H
