/* The `_spt` functions called by name from C (no renaming): the null
 * stream is the calling thread's default stream; other streams are kept;
 * the checks are the ordinary functions'. */
#include <string.h>

#include "check.h"

int main(void) {
  char* d = NULL;
  char h[256];
  CHECK_ERR(hipMalloc((void**)&d, sizeof h), hipSuccess);
  CHECK_ERR(hipMemsetAsync_spt(d, 0x5a, sizeof h, NULL), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(hipStreamPerThread), hipSuccess);
  CHECK_ERR(hipMemcpy_spt(h, d, sizeof h, hipMemcpyDeviceToHost),
            hipSuccess);
  char want[256];
  memset(want, 0x5a, sizeof want);
  CHECK(memcmp(h, want, sizeof h) == 0);
  CHECK_ERR(hipMemset_spt(d, 3, 16), hipSuccess);
  CHECK_ERR(hipMemcpyAsync_spt(h, d, 16, hipMemcpyDeviceToHost, NULL),
            hipSuccess);
  CHECK_ERR(hipStreamSynchronize_spt(NULL), hipSuccess);
  CHECK_EQ(h[15], 3);
  CHECK_ERR(hipStreamQuery_spt(NULL), hipSuccess);
  hipStream_t s;
  CHECK_ERR(hipStreamCreateWithFlags(&s, hipStreamNonBlocking), hipSuccess);
  unsigned flags = 0;
  CHECK_ERR(hipStreamGetFlags_spt(s, &flags), hipSuccess);
  CHECK_EQ(flags, hipStreamNonBlocking);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipMemcpy_spt(h, NULL, 16, hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemsetAsync_spt(NULL, 0, 16, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipFree(d), hipSuccess);
  return check_summary("test_per_thread_api");
}
