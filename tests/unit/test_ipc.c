/* Interprocess memory and event handles between two processes on the CPU
 * device: this program runs itself again (exec of /proc/self/exe, a fresh
 * process with its own runtime) with the handles in hexadecimal on the
 * command line and two pipes to keep step.
 *
 * - Memory: a big (1 MiB + 100 bytes, a mapping of its own) and a small
 *   (1000 bytes, a slab chunk) allocation, filled with a pattern by the
 *   parent; the child sees the pattern, then overwrites part of each with
 *   hipMemset / hipMemcpy, which the parent sees. A pointer inside an
 *   allocation exports the whole allocation.
 * - Events: the parent records an interprocess event behind a
 *   hipStreamWaitValue32 that holds it back; the child sees it not ready,
 *   the parent releases it, the child sees it complete, then records it
 *   itself behind a fill, which the parent's hipEventSynchronize waits for.
 * - The error codes: NULL arguments, host memory, bad flags, a handle of
 *   the calling process, a made-up handle, closing what was never opened,
 *   an event without hipEventInterprocess. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

#define BIG (1024 * 1024 + 100)
#define SMALL 1000

static void to_hex(const void* p, size_t n, char* out) {
  const unsigned char* b = p;
  for (size_t i = 0; i < n; ++i) sprintf(out + 2 * i, "%02x", b[i]);
}

static void from_hex(const char* s, void* p, size_t n) {
  unsigned char* b = p;
  for (size_t i = 0; i < n; ++i) {
    unsigned v;
    sscanf(s + 2 * i, "%2x", &v);
    b[i] = (unsigned char)v;
  }
}

static unsigned char pattern(size_t i) { return (unsigned char)(i * 7 + 3); }

static void put(int fd, char c) { CHECK_EQ(write(fd, &c, 1), 1); }
static char get(int fd) {
  char c = 0;
  CHECK_EQ(read(fd, &c, 1), 1);
  return c;
}

/* The child: argv = exe, "child", big, small, event, read fd, write fd. */
static int child(char** argv) {
  hipIpcMemHandle_t hb, hs;
  hipIpcEventHandle_t he;
  from_hex(argv[2], &hb, sizeof hb);
  from_hex(argv[3], &hs, sizeof hs);
  from_hex(argv[4], &he, sizeof he);
  int rd = atoi(argv[5]), wr = atoi(argv[6]);

  unsigned char *big = NULL, *small = NULL, *again = NULL;
  CHECK_ERR(hipIpcOpenMemHandle((void**)&big, hb, hipIpcMemLazyEnablePeerAccess),
            hipSuccess);
  CHECK_ERR(hipIpcOpenMemHandle((void**)&small, hs, 0), hipSuccess);
  /* The same handle again: the same address. */
  CHECK_ERR(hipIpcOpenMemHandle((void**)&again, hb, 0), hipSuccess);
  CHECK(again == big);
  CHECK_ERR(hipIpcCloseMemHandle(again), hipSuccess);

  unsigned char* h = malloc(BIG);
  CHECK_ERR(hipMemcpy(h, big, BIG, hipMemcpyDeviceToHost), hipSuccess);
  int same = 1;
  for (size_t i = 0; i < BIG; ++i) same &= h[i] == pattern(i);
  CHECK(same);
  CHECK_ERR(hipMemcpy(h, small, SMALL, hipMemcpyDeviceToHost), hipSuccess);
  same = 1;
  for (size_t i = 0; i < SMALL; ++i) same &= h[i] == (unsigned char)~pattern(i);
  CHECK(same);
  /* The opened memory is device memory here. */
  hipPointerAttribute_t a;
  CHECK_ERR(hipPointerGetAttributes(&a, big + 10), hipSuccess);
  CHECK_EQ(a.type, hipMemoryTypeDevice);
  size_t range = 0;
  CHECK_ERR(hipPointerGetAttribute(&range, HIP_POINTER_ATTRIBUTE_RANGE_SIZE,
                                   big + 10),
            hipSuccess);
  CHECK_EQ(range, BIG);
  CHECK_ERR(hipFree(big), hipErrorInvalidValue); /* not hipFree's */

  /* Changes the parent will see. */
  CHECK_ERR(hipMemset(big + 1000, 0xab, 5000), hipSuccess);
  unsigned char src[100];
  for (int i = 0; i < 100; ++i) src[i] = (unsigned char)(200 - i);
  CHECK_ERR(hipMemcpy(small + 50, src, 100, hipMemcpyHostToDevice), hipSuccess);

  /* The event: the parent's record is held back. */
  hipEvent_t ev;
  CHECK_ERR(hipIpcOpenEventHandle(&ev, he), hipSuccess);
  CHECK_ERR(hipEventQuery(ev), hipErrorNotReady);
  put(wr, '1');
  CHECK_EQ(get(rd), '2'); /* the parent released it */
  CHECK_ERR(hipEventSynchronize(ev), hipSuccess);
  CHECK_ERR(hipEventQuery(ev), hipSuccess);
  /* A record of ours behind a fill of the small allocation. */
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipMemsetAsync(small + 500, 0x77, 400, s), hipSuccess);
  CHECK_ERR(hipEventRecord(ev, s), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  put(wr, '3');
  CHECK_ERR(hipEventDestroy(ev), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);

  CHECK_ERR(hipIpcCloseMemHandle(big), hipSuccess);
  CHECK_ERR(hipIpcCloseMemHandle(small), hipSuccess);
  CHECK_ERR(hipIpcCloseMemHandle(small), hipErrorInvalidValue);
  free(h);
  return check_summary("test_ipc (child)");
}

static void test_errors(void) {
  hipIpcMemHandle_t h;
  void* d;
  CHECK_ERR(hipMalloc(&d, 4096), hipSuccess);
  CHECK_ERR(hipIpcGetMemHandle(NULL, d), hipErrorInvalidValue);
  CHECK_ERR(hipIpcGetMemHandle(&h, NULL), hipErrorInvalidValue);
  /* In no allocation: hipErrorInvalidValue (never allocated, past the
   * end, freed); in host memory: hipErrorInvalidDevicePointer. */
  int on_stack;
  CHECK_ERR(hipIpcGetMemHandle(&h, &on_stack), hipErrorInvalidValue);
  CHECK_ERR(hipIpcGetMemHandle(&h, (char*)d + 4096), hipErrorInvalidValue);
  void* gone;
  CHECK_ERR(hipMalloc(&gone, 1024), hipSuccess);
  CHECK_ERR(hipFree(gone), hipSuccess);
  CHECK_ERR(hipIpcGetMemHandle(&h, gone), hipErrorInvalidValue);
  void* pinned;
  CHECK_ERR(hipHostMalloc(&pinned, 64, 0), hipSuccess);
  CHECK_ERR(hipIpcGetMemHandle(&h, pinned), hipErrorInvalidDevicePointer);
  CHECK_ERR(hipHostFree(pinned), hipSuccess);

  CHECK_ERR(hipIpcGetMemHandle(&h, d), hipSuccess);
  void* p;
  CHECK_ERR(hipIpcOpenMemHandle(NULL, h, 0), hipErrorInvalidValue);
  CHECK_ERR(hipIpcOpenMemHandle(&p, h, 2), hipErrorInvalidValue);
  CHECK_ERR(hipIpcOpenMemHandle(&p, h, 0), hipErrorInvalidContext);
  hipIpcMemHandle_t junk;
  memset(&junk, 0x3c, sizeof junk);
  CHECK_ERR(hipIpcOpenMemHandle(&p, junk, 0), hipErrorInvalidHandle);
  CHECK_ERR(hipIpcCloseMemHandle(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipIpcCloseMemHandle(d), hipErrorInvalidValue);
  /* Exported memory stays the allocation it was: written, read, freed. */
  CHECK_ERR(hipMemset(d, 9, 4096), hipSuccess);
  CHECK_EQ(((unsigned char*)d)[4095], 9);
  CHECK_ERR(hipFree(d), hipSuccess);

  hipIpcEventHandle_t eh;
  hipEvent_t plain, ipc;
  CHECK_ERR(hipEventCreate(&plain), hipSuccess);
  CHECK_ERR(hipIpcGetEventHandle(&eh, plain), hipErrorInvalidConfiguration);
  CHECK_ERR(hipIpcGetEventHandle(NULL, plain), hipErrorInvalidValue);
  CHECK_ERR(hipIpcGetEventHandle(&eh, NULL), hipErrorInvalidHandle);
  CHECK_ERR(hipEventCreateWithFlags(&ipc, hipEventInterprocess),
            hipErrorInvalidValue); /* needs hipEventDisableTiming */
  CHECK_ERR(hipEventCreateWithFlags(
                &ipc, hipEventInterprocess | hipEventDisableTiming),
            hipSuccess);
  CHECK_ERR(hipIpcGetEventHandle(&eh, ipc), hipSuccess);
  hipEvent_t mine;
  CHECK_ERR(hipIpcOpenEventHandle(&mine, eh), hipErrorInvalidContext);
  CHECK_ERR(hipIpcOpenEventHandle(NULL, eh), hipErrorInvalidValue);
  memset(&eh, 0, sizeof eh);
  CHECK_ERR(hipIpcOpenEventHandle(&mine, eh), hipErrorInvalidValue);
  /* An interprocess event in one process is an event as any other. */
  CHECK_ERR(hipEventQuery(ipc), hipSuccess);
  CHECK_ERR(hipEventRecord(ipc, NULL), hipSuccess);
  CHECK_ERR(hipEventSynchronize(ipc), hipSuccess);
  CHECK_ERR(hipEventQuery(ipc), hipSuccess);
  float ms;
  CHECK_ERR(hipEventElapsedTime(&ms, ipc, ipc), hipErrorInvalidHandle);
  CHECK_ERR(hipEventDestroy(ipc), hipSuccess);
  CHECK_ERR(hipEventDestroy(plain), hipSuccess);
}

static void test_two_processes(void) {
  unsigned char *big, *small;
  CHECK_ERR(hipMalloc((void**)&big, BIG), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&small, SMALL), hipSuccess);
  unsigned char* h = malloc(BIG);
  for (size_t i = 0; i < BIG; ++i) h[i] = pattern(i);
  CHECK_ERR(hipMemcpy(big, h, BIG, hipMemcpyHostToDevice), hipSuccess);
  for (size_t i = 0; i < SMALL; ++i) h[i] = (unsigned char)~pattern(i);
  CHECK_ERR(hipMemcpy(small, h, SMALL, hipMemcpyHostToDevice), hipSuccess);

  hipIpcMemHandle_t hb, hs, hb2;
  CHECK_ERR(hipIpcGetMemHandle(&hb, big), hipSuccess);
  CHECK_ERR(hipIpcGetMemHandle(&hb2, big + 4096), hipSuccess); /* inside */
  CHECK_MEM(&hb2, &hb, sizeof hb);
  CHECK_ERR(hipIpcGetMemHandle(&hs, small), hipSuccess);

  /* The event, recorded behind a wait that holds it back. */
  hipEvent_t ev;
  CHECK_ERR(hipEventCreateWithFlags(
                &ev, hipEventInterprocess | hipEventDisableTiming),
            hipSuccess);
  uint32_t* flag;
  CHECK_ERR(hipHostMalloc((void**)&flag, sizeof *flag, 0), hipSuccess);
  *flag = 0;
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipStreamWaitValue32(s, flag, 1, hipStreamWaitValueEq, ~0u),
            hipSuccess);
  CHECK_ERR(hipEventRecord(ev, s), hipSuccess);
  hipIpcEventHandle_t he;
  CHECK_ERR(hipIpcGetEventHandle(&he, ev), hipSuccess);

  int to_child[2], from_child[2];
  CHECK(pipe(to_child) == 0 && pipe(from_child) == 0);
  char xb[2 * sizeof hb + 1], xs[2 * sizeof hs + 1], xe[2 * sizeof he + 1];
  char rd[16], wr[16];
  to_hex(&hb, sizeof hb, xb);
  to_hex(&hs, sizeof hs, xs);
  to_hex(&he, sizeof he, xe);
  snprintf(rd, sizeof rd, "%d", to_child[0]);
  snprintf(wr, sizeof wr, "%d", from_child[1]);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    char* args[] = {"test_ipc", "child", xb, xs, xe, rd, wr, NULL};
    execv("/proc/self/exe", args);
    _exit(127);
  }
  CHECK(pid > 0);
  close(to_child[0]);
  close(from_child[1]);
  CHECK_EQ(get(from_child[0]), '1'); /* the child saw it pending */
  CHECK_ERR(hipEventQuery(ev), hipErrorNotReady);
  __atomic_store_n(flag, 1, __ATOMIC_RELEASE);
  CHECK_ERR(hipEventSynchronize(ev), hipSuccess);
  put(to_child[1], '2');
  CHECK_EQ(get(from_child[0]), '3'); /* the child recorded it */
  CHECK_ERR(hipEventSynchronize(ev), hipSuccess);
  CHECK_ERR(hipEventQuery(ev), hipSuccess);
  int status = -1;
  CHECK_EQ(waitpid(pid, &status, 0), pid);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);

  /* What the child wrote. */
  CHECK_ERR(hipMemcpy(h, big, BIG, hipMemcpyDeviceToHost), hipSuccess);
  int ok = 1;
  for (size_t i = 0; i < BIG; ++i)
    ok &= h[i] == (i >= 1000 && i < 6000 ? 0xab : pattern(i));
  CHECK(ok);
  CHECK_ERR(hipMemcpy(h, small, SMALL, hipMemcpyDeviceToHost), hipSuccess);
  ok = 1;
  for (size_t i = 0; i < SMALL; ++i) {
    unsigned char want = (unsigned char)~pattern(i);
    if (i >= 50 && i < 150) want = (unsigned char)(200 - (i - 50));
    if (i >= 500 && i < 900) want = 0x77;
    ok &= h[i] == want;
  }
  CHECK(ok);
  /* Device work on the exported memory still works here. */
  CHECK_ERR(hipMemset(big, 1, 16), hipSuccess);
  CHECK_EQ(big[15], 1);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipEventDestroy(ev), hipSuccess);
  CHECK_ERR(hipHostFree(flag), hipSuccess);
  CHECK_ERR(hipFree(big), hipSuccess);
  CHECK_ERR(hipFree(small), hipSuccess);
  free(h);
}

int main(int argc, char** argv) {
  if (argc == 7 && strcmp(argv[1], "child") == 0) return child(argv);
  test_errors();
  test_two_processes();
  return check_summary("test_ipc");
}
