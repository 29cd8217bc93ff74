/* The keys of the hipCUB workloads (bench/hipcub/hipcub_bench.h). */
#ifndef HIPCUB_REF_COMMON_H
#define HIPCUB_REF_COMMON_H

static inline unsigned bench_key(unsigned i) {
  unsigned x = i * 2654435761u + 0x9e3779b9u;
  x ^= x >> 15;
  x *= 0x85ebca6bu;
  x ^= x >> 13;
  return x;
}

#endif
