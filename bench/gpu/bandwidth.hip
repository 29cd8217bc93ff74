// Pinned host <-> device copy bandwidth: hipMemcpy of BENCH_MB MiB (default
// 256) between hipHostMalloc memory and hipMalloc memory, best of 10 each
// way. Checks the bytes that came back.
#include "bench_common.h"  // from the workloads folder (-I)
#include <cstring>

int main() {
    const size_t n = (size_t)env_int("BENCH_MB", 256) << 20;
    unsigned char *h, *d;
    CHECK(hipHostMalloc((void**)&h, n, 0));
    CHECK(hipMalloc((void**)&d, n));
    for (size_t i = 0; i < n; ++i) h[i] = (unsigned char)(i * 7 + 3);
    double h2d = best_of(10, [&] { CHECK(hipMemcpy(d, h, n, hipMemcpyHostToDevice)); });
    std::memset(h, 0, n);
    double d2h = best_of(10, [&] { CHECK(hipMemcpy(h, d, n, hipMemcpyDeviceToHost)); });
    for (size_t i = 0; i < n; i += 4093)
        if (h[i] != (unsigned char)(i * 7 + 3)) { std::printf("FAILED at %zu\n", i); return 1; }
    std::printf("RESULT h2d %zu MiB %.3f ms %.1f GB/s\n", n >> 20, h2d, n / h2d / 1e6);
    std::printf("RESULT d2h %zu MiB %.3f ms %.1f GB/s\n", n >> 20, d2h, n / d2h / 1e6);
    CHECK(hipFree(d));
    CHECK(hipHostFree(h));
    return 0;
}
