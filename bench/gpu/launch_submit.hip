// The launching thread's own cost per launch: 256 back-to-back launches of
// an empty kernel on the null stream, few enough that the driver's queue
// never fills (so the GPU's rate of running them does not count), timed up
// to the last launch's return; the synchronisation after each round is
// outside the timing. Best of 50 rounds.
#include "bench_common.h"  // from the workloads folder (-I)

__global__ void empty() {}

int main() {
    const int n = 256;
    hipLaunchKernelGGL(empty, dim3(1), dim3(64), 0, 0);
    CHECK(hipDeviceSynchronize());
    double best = 1e300;
    for (int r = 0; r < 50; ++r) {
        double t0 = now_ms();
        for (int i = 0; i < n; ++i) hipLaunchKernelGGL(empty, dim3(1), dim3(64), 0, 0);
        double t = now_ms() - t0;
        CHECK(hipDeviceSynchronize());
        if (t < best) best = t;
    }
    CHECK(hipGetLastError());
    std::printf("RESULT launch_submit %d launches %.3f us/launch\n", n, best * 1000.0 / n);
    return 0;
}
