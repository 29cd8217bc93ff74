/* Several CPU devices (HIPC_CPU_DEVICES, and the defaults a launcher's
 * variables give): each a device of its own with its own pool, peers of
 * each other, copies and event waits between them. The device table is
 * built once per process, so the launcher cases run this program again in
 * a child with the environment under test and read "<devices> <mps>". */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

static int child(void) {
  int n = 0;
  if (hipGetDeviceCount(&n) != hipSuccess) return 2;
  hipDeviceProp_t p;
  if (hipGetDeviceProperties(&p, n - 1) != hipSuccess) return 2;
  printf("%d %d\n", n, p.multiProcessorCount);
  return 0;
}

static void run(const char* self, const char* env, int* devices, int* mps) {
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "env -u HIPC_CPU_DEVICES -u HIPC_CPU_THREADS -u "
           "OMPI_COMM_WORLD_LOCAL_SIZE -u MPI_LOCALNRANKS -u "
           "SLURM_NTASKS_PER_NODE HIPC_DEVICES=cpu %s '%s' child",
           env, self);
  *devices = *mps = -1;
  FILE* f = popen(cmd, "r");
  if (!f) return;
  if (fscanf(f, "%d %d", devices, mps) != 2) *devices = -1;
  pclose(f);
}

/* The cores this process may use when nothing binds it. */
static int cores(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
  return (int)sysconf(_SC_NPROCESSORS_ONLN);
}

static int share(int n) {
  int c = cores() / n;
  return c < 1 ? 1 : c;
}

static void set_flag(void* arg) {
  usleep(20000); /* long enough for the other device to run ahead */
  __atomic_store_n((int*)arg, 1, __ATOMIC_RELEASE);
}

static void read_flag(void* arg) {
  int* f = arg;
  f[1] = __atomic_load_n(&f[0], __ATOMIC_ACQUIRE);
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return child();
  const char* self = argv[0];
  int n, mps;

  /* Launchers' counts of ranks on the node; HIPC_CPU_DEVICES wins. */
  run(self, "", &n, &mps);
  CHECK_EQ(n, 1);
  CHECK_EQ(mps, cores());
  run(self, "OMPI_COMM_WORLD_LOCAL_SIZE=3", &n, &mps);
  CHECK_EQ(n, 3);
  /* Three ranks share the cores, and each process's device(s) share its
   * share: cores / 3 / 3. */
  int c3 = cores() / 3 < 1 ? 1 : cores() / 3;
  CHECK_EQ(mps, c3 / 3 < 1 ? 1 : c3 / 3);
  run(self, "MPI_LOCALNRANKS=2", &n, &mps);
  CHECK_EQ(n, 2);
  run(self, "SLURM_NTASKS_PER_NODE=2", &n, &mps);
  CHECK_EQ(n, 2);
  run(self, "HIPC_CPU_DEVICES=4", &n, &mps);
  CHECK_EQ(n, 4);
  CHECK_EQ(mps, share(4));
  run(self, "HIPC_CPU_DEVICES=2 HIPC_CPU_THREADS=3", &n, &mps);
  CHECK_EQ(n, 2);
  CHECK_EQ(mps, 3);
  run(self, "OMPI_COMM_WORLD_LOCAL_SIZE=2 HIPC_CPU_DEVICES=1", &n, &mps);
  CHECK_EQ(n, 1);

  /* This process: four devices. */
  setenv("HIPC_DEVICES", "cpu", 1);
  setenv("HIPC_CPU_DEVICES", "4", 1);
  CHECK_ERR(hipGetDeviceCount(&n), hipSuccess);
  CHECK_EQ(n, 4);
  for (int d = 0; d < 4; ++d) CHECK_ERR(hipSetDevice(d), hipSuccess);
  CHECK_ERR(hipSetDevice(4), hipErrorInvalidDevice);

  int can = -1;
  CHECK_ERR(hipDeviceCanAccessPeer(&can, 0, 3), hipSuccess);
  CHECK_EQ(can, 1);
  CHECK_ERR(hipDeviceCanAccessPeer(&can, 2, 2), hipSuccess);
  CHECK_EQ(can, 0); /* never its own peer */
  CHECK_ERR(hipSetDevice(0), hipSuccess);
  CHECK_ERR(hipDeviceEnablePeerAccess(1, 0), hipSuccess);
  CHECK_ERR(hipDeviceEnablePeerAccess(1, 0),
            hipErrorPeerAccessAlreadyEnabled);
  CHECK_ERR(hipDeviceEnablePeerAccess(0, 0), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceDisablePeerAccess(1), hipSuccess);
  CHECK_ERR(hipDeviceDisablePeerAccess(1), hipErrorPeerAccessNotEnabled);

  /* Memory belongs to the device that allocated it; peer copies. */
  enum { N = 3 << 18 }; /* several of the copy path's chunks */
  int* buf[4];
  for (int d = 0; d < 4; ++d) {
    CHECK_ERR(hipSetDevice(d), hipSuccess);
    CHECK_ERR(hipMalloc((void**)&buf[d], N * sizeof(int)), hipSuccess);
    hipPointerAttribute_t a;
    CHECK_ERR(hipPointerGetAttributes(&a, buf[d]), hipSuccess);
    CHECK_EQ(a.device, d);
  }
  int* host = malloc(N * sizeof(int));
  int* back = malloc(N * sizeof(int));
  for (int i = 0; i < N; ++i) host[i] = i * 7 + 1;
  CHECK_ERR(hipSetDevice(0), hipSuccess);
  CHECK_ERR(hipMemcpy(buf[0], host, N * sizeof(int), hipMemcpyHostToDevice),
            hipSuccess);
  CHECK_ERR(hipMemcpyPeer(buf[1], 1, buf[0], 0, N * sizeof(int)),
            hipSuccess);
  CHECK_ERR(hipSetDevice(2), hipSuccess);
  hipStream_t s2;
  CHECK_ERR(hipStreamCreate(&s2), hipSuccess);
  CHECK_ERR(hipMemcpyPeerAsync(buf[2], 2, buf[1], 1, N * sizeof(int), s2),
            hipSuccess);
  CHECK_ERR(hipMemcpyAsync(buf[3], buf[2], N * sizeof(int),
                           hipMemcpyDeviceToDevice, s2),
            hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s2), hipSuccess);
  CHECK_ERR(hipMemcpy(back, buf[3], N * sizeof(int), hipMemcpyDeviceToHost),
            hipSuccess);
  CHECK_MEM(back, host, N * sizeof(int));
  CHECK_ERR(hipMemcpyPeer(NULL, 1, buf[0], 0, 4), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyPeer(buf[1], 4, buf[0], 0, 4), hipErrorInvalidDevice);

  /* A stream of device 3 waits for an event of device 2, on the device
   * side: the host is not blocked, and the order holds. */
  int flag[2] = {0, -1};
  hipEvent_t ev;
  CHECK_ERR(hipEventCreateWithFlags(&ev, hipEventDisableTiming), hipSuccess);
  CHECK_ERR(hipLaunchHostFunc(s2, set_flag, flag), hipSuccess);
  CHECK_ERR(hipEventRecord(ev, s2), hipSuccess);
  CHECK_ERR(hipSetDevice(3), hipSuccess);
  hipStream_t s3;
  CHECK_ERR(hipStreamCreate(&s3), hipSuccess);
  CHECK_ERR(hipStreamWaitEvent(s3, ev, 0), hipSuccess);
  CHECK_ERR(hipLaunchHostFunc(s3, read_flag, flag), hipSuccess);
  CHECK_ERR(hipStreamQuery(s3), hipErrorNotReady);
  CHECK_ERR(hipStreamSynchronize(s3), hipSuccess);
  CHECK_EQ(flag[1], 1);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);

  CHECK_ERR(hipEventDestroy(ev), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s3), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s2), hipSuccess);
  for (int d = 0; d < 4; ++d) CHECK_ERR(hipFree(buf[d]), hipSuccess);
  free(host);
  free(back);
  return check_summary("test_cpu_devices");
}
