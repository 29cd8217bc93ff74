/* Which devices a process sees: HIPC_DEVICES, HIP_VISIBLE_DEVICES and
 * CUDA_VISIBLE_DEVICES. Each setting needs a fresh process (the device
 * table is built once), so the test runs itself under each environment and
 * reads what the child saw: "<devices> <gpus> <error>". Valid with or
 * without GPUs: the expectations are stated relative to the number of GPUs
 * the unrestricted run finds. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static int child(void) {
  int n = 0, gpus = 0, cpu_last = 1;
  hipError_t e = hipGetDeviceCount(&n);
  for (int i = 0; i < n; ++i) {
    hipDeviceProp_t p;
    if (hipGetDeviceProperties(&p, i) != hipSuccess) return 2;
    int gpu = strncmp(p.gcnArchName, "sm_", 3) == 0;
    if (gpu && i != gpus) cpu_last = 0; /* a GPU after the CPU device */
    gpus += gpu;
  }
  printf("%d %d %d %d\n", n, gpus, (int)e, cpu_last);
  return 0;
}

typedef struct seen {
  int devices, gpus, err, cpu_last;
} seen;

static seen run(const char* self, const char* env) {
  char cmd[512];
  snprintf(cmd, sizeof cmd, "env -u HIPC_DEVICES -u HIP_VISIBLE_DEVICES "
           "-u CUDA_VISIBLE_DEVICES %s '%s' child", env, self);
  seen s = {-1, -1, -1, -1};
  FILE* f = popen(cmd, "r");
  if (!f) return s;
  if (fscanf(f, "%d %d %d %d", &s.devices, &s.gpus, &s.err, &s.cpu_last) != 4)
    s.devices = -1;
  pclose(f);
  return s;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return child();
  const char* self = argv[0];

  seen all = run(self, "");
  CHECK_EQ(all.err, hipSuccess);
  CHECK_EQ(all.devices, all.gpus + 1); /* every GPU, then the CPU device */
  CHECK_EQ(all.cpu_last, 1);
  int g = all.gpus;
  fprintf(stderr, "test_device_select: %d GPU(s)\n", g);

  seen s = run(self, "HIPC_DEVICES=cpu");
  CHECK_EQ(s.err, hipSuccess);
  CHECK_EQ(s.devices, 1);
  CHECK_EQ(s.gpus, 0);

  s = run(self, "HIPC_DEVICES=gpu");
  CHECK_EQ(s.err, g ? hipSuccess : hipErrorNoDevice);
  CHECK_EQ(s.devices, g);
  CHECK_EQ(s.gpus, g);

  s = run(self, "HIPC_DEVICES=all");
  CHECK_EQ(s.devices, g + 1);

  /* An empty list hides every GPU; the CPU device stays. */
  s = run(self, "HIP_VISIBLE_DEVICES=");
  CHECK_EQ(s.err, hipSuccess);
  CHECK_EQ(s.devices, 1);
  CHECK_EQ(s.gpus, 0);
  s = run(self, "CUDA_VISIBLE_DEVICES=");
  CHECK_EQ(s.devices, 1);
  CHECK_EQ(s.gpus, 0);
  s = run(self, "HIP_VISIBLE_DEVICES= HIPC_DEVICES=gpu");
  CHECK_EQ(s.err, hipErrorNoDevice);
  CHECK_EQ(s.devices, 0);

  /* The first GPU only; a repeated or out-of-range entry ends the list. */
  s = run(self, "HIP_VISIBLE_DEVICES=0");
  CHECK_EQ(s.gpus, g ? 1 : 0);
  CHECK_EQ(s.devices, (g ? 1 : 0) + 1);
  s = run(self, "HIP_VISIBLE_DEVICES=0,0");
  CHECK_EQ(s.gpus, g ? 1 : 0);
  s = run(self, "HIP_VISIBLE_DEVICES=0,99,1");
  CHECK_EQ(s.gpus, g ? 1 : 0);
  s = run(self, "HIP_VISIBLE_DEVICES=-1");
  CHECK_EQ(s.gpus, 0);
  CHECK_EQ(s.devices, 1);
  return check_summary("test_device_select");
}
