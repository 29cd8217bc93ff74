/* The CPU device's hipDeviceProp_t beyond the sizes (issue 17, item 6):
 * the `arch` flags say what its kernels can do, the UUID is the same in
 * every process on one machine (hashed from /etc/machine-id) and is what
 * hipDeviceGetUuid returns, and the PCI fields are 0 (no PCI device). */
#define _POSIX_C_SOURCE 200809L /* popen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static void test_arch_flags(void) {
  hipDeviceProp_t p;
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  CHECK_EQ(p.arch.hasGlobalInt32Atomics, 1);
  CHECK_EQ(p.arch.hasGlobalFloatAtomicExch, 1);
  CHECK_EQ(p.arch.hasSharedInt32Atomics, 1);
  CHECK_EQ(p.arch.hasSharedFloatAtomicExch, 1);
  CHECK_EQ(p.arch.hasFloatAtomicAdd, 1);
  CHECK_EQ(p.arch.hasGlobalInt64Atomics, 1);
  CHECK_EQ(p.arch.hasSharedInt64Atomics, 1);
  CHECK_EQ(p.arch.hasDoubles, 1);
  CHECK_EQ(p.arch.hasWarpVote, 1);
  CHECK_EQ(p.arch.hasWarpBallot, 1);
  CHECK_EQ(p.arch.hasWarpShuffle, 1);
  CHECK_EQ(p.arch.hasFunnelShift, 1);
  CHECK_EQ(p.arch.hasThreadFenceSystem, 1);
  CHECK_EQ(p.arch.hasSyncThreadsExt, 1);
  CHECK_EQ(p.arch.hasSurfaceFuncs, 1);
  CHECK_EQ(p.arch.has3dGrid, 1);
  CHECK_EQ(p.arch.hasDynamicParallelism, 0);
  CHECK_EQ(p.pciBusID, 0);
  CHECK_EQ(p.pciDeviceID, 0);
  CHECK_EQ(p.pciDomainID, 0);
}

static void uuid_hex(const hipUUID* u, char out[33]) {
  for (int i = 0; i < 16; ++i)
    snprintf(out + 2 * i, 3, "%02x", (unsigned char)u->bytes[i]);
}

static void test_uuid(const char* self) {
  hipDeviceProp_t p;
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  hipUUID u;
  CHECK_ERR(hipDeviceGetUuid(&u, 0), hipSuccess);
  CHECK_MEM(u.bytes, p.uuid.bytes, 16);
  static const char zero[16];
  CHECK(memcmp(u.bytes, zero, 16) != 0);
  CHECK_EQ((unsigned char)u.bytes[6] >> 4, 8);      /* version 8 */
  CHECK_EQ((unsigned char)u.bytes[8] >> 6, 2);      /* RFC variant */
  CHECK_ERR(hipDeviceGetUuid(NULL, 0), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetUuid(&u, 99), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceGetUuid(&u, -1), hipErrorInvalidDevice);
  /* Another process on this machine sees the same UUID. */
  char mine[33], cmd[4200], theirs[64] = "";
  uuid_hex(&p.uuid, mine);
  snprintf(cmd, sizeof cmd, "'%s' --print-uuid", self);
  FILE* f = popen(cmd, "r");
  CHECK(f != NULL);
  if (f) {
    if (!fgets(theirs, sizeof theirs, f)) theirs[0] = 0;
    pclose(f);
  }
  theirs[strcspn(theirs, "\n")] = 0;
  CHECK(strcmp(theirs, mine) == 0);
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "--print-uuid") == 0) {
    hipUUID u;
    if (hipDeviceGetUuid(&u, 0) != hipSuccess) return 1;
    char hex[33];
    uuid_hex(&u, hex);
    puts(hex);
    return 0;
  }
  test_arch_flags();
  test_uuid(argv[0]);
  return check_summary("test_device_props_cpu");
}
