// Memory pools between two processes: the parent makes a pool that may be
// exported (hipMemHandleTypePosixFileDescriptor), allocates two blocks (one
// after exporting the pool), fills them with a kernel and sends the pool's
// file descriptor (SCM_RIGHTS over a Unix socket) and the blocks' export
// data to its child, forked before either used HIP. The child imports the
// pool and the pointers, squares one block and fills the other with
// kernels; the parent then sees both results. In one process: importing
// one's own pool maps the same memory at another address. Error codes:
// NULL arguments, the wrong handle type, a pool not created exportable,
// pointers that are not the start of an exportable pool's block, export
// data of another pool, allocating from an imported pool.
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

#include "common.h"

static const int N = 4096;
static const size_t BYTES = N * sizeof(int);

__global__ void fill(int* p, int mul, int add) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i] = i * mul + add;
}

__global__ void square(int* p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i] = p[i] * p[i];
}

struct message {
  hipMemPoolPtrExportData a, b;
};

static int send_fd(int sock, int fd, const void* data, size_t n) {
  char ctrl[CMSG_SPACE(sizeof(int))];
  memset(ctrl, 0, sizeof ctrl);
  struct iovec iov = {const_cast<void*>(data), n};
  struct msghdr msg;
  memset(&msg, 0, sizeof msg);
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = ctrl;
  msg.msg_controllen = sizeof ctrl;
  struct cmsghdr* c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(c), &fd, sizeof fd);
  return sendmsg(sock, &msg, 0) == (ssize_t)n ? 0 : -1;
}

static int recv_fd(int sock, void* data, size_t n) {
  char ctrl[CMSG_SPACE(sizeof(int))];
  struct iovec iov = {data, n};
  struct msghdr msg;
  memset(&msg, 0, sizeof msg);
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = ctrl;
  msg.msg_controllen = sizeof ctrl;
  if (recvmsg(sock, &msg, MSG_WAITALL) != (ssize_t)n) return -1;
  struct cmsghdr* c = CMSG_FIRSTHDR(&msg);
  if (!c || c->cmsg_type != SCM_RIGHTS) return -1;
  int fd;
  memcpy(&fd, CMSG_DATA(c), sizeof fd);
  return fd;
}

static hipMemPoolProps pool_props(bool exportable) {
  hipMemPoolProps p;
  memset(&p, 0, sizeof p);
  p.allocType = hipMemAllocationTypePinned;
  p.location.type = hipMemLocationTypeDevice;
  p.location.id = 0;
  p.handleTypes = exportable ? hipMemHandleTypePosixFileDescriptor
                             : hipMemHandleTypeNone;
  return p;
}

static int mismatches(const int* h, bool squared, int mul, int add) {
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    long long v = (long long)i * mul + add;
    bad += h[i] != (int)(squared ? v * v : v);
  }
  return bad;
}

static int child(int sock) {
  message m;
  int fd = recv_fd(sock, &m, sizeof m);
  CHECK(fd >= 0);
  hipMemPool_t pool;
  HIP_CHECK(hipMemPoolImportFromShareableHandle(
      &pool, (void*)(intptr_t)fd, hipMemHandleTypePosixFileDescriptor, 0));
  close(fd); // the imported pool keeps the memory
  int *a, *b;
  HIP_CHECK(hipMemPoolImportPointer((void**)&a, pool, &m.a));
  HIP_CHECK(hipMemPoolImportPointer((void**)&b, pool, &m.b));
  int h[N];
  HIP_CHECK(hipMemcpy(h, a, BYTES, hipMemcpyDeviceToHost));
  CHECK_EQ(mismatches(h, false, 3, 1), 0); // the parent's fill
  square<<<N / 128, 128>>>(a);
  fill<<<N / 128, 128>>>(b, 5, 1000);
  HIP_CHECK(hipDeviceSynchronize());
  // An imported pool allocates nothing; bad export data.
  int* c;
  CHECK_ERR(hipMallocFromPoolAsync((void**)&c, 64, pool, 0),
            hipErrorInvalidValue);
  hipMemPoolPtrExportData bad = m.a;
  bad.reserved[0] ^= 0xff;
  CHECK_ERR(hipMemPoolImportPointer((void**)&c, pool, &bad),
            hipErrorInvalidValue);
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFreeAsync(b, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  HIP_CHECK(hipMemPoolDestroy(pool));
  char done = 1;
  CHECK(write(sock, &done, 1) == 1);
  return test_summary("mempool_ipc (child)");
}

static void errors(hipMemPool_t pool, int* a) {
  int fd = -1;
  hipMemPool_t plain;
  hipMemPoolProps pp = pool_props(false);
  HIP_CHECK(hipMemPoolCreate(&plain, &pp));
  CHECK_ERR(hipMemPoolExportToShareableHandle(
                nullptr, pool, hipMemHandleTypePosixFileDescriptor, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolExportToShareableHandle(
                &fd, nullptr, hipMemHandleTypePosixFileDescriptor, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolExportToShareableHandle(&fd, pool,
                                              hipMemHandleTypeNone, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolExportToShareableHandle(
                &fd, plain, hipMemHandleTypePosixFileDescriptor, 0),
            hipErrorInvalidValue);
  hipMemPoolPtrExportData d;
  CHECK_ERR(hipMemPoolExportPointer(nullptr, a), hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolExportPointer(&d, nullptr), hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolExportPointer(&d, a + 1), hipErrorInvalidValue);
  int* m;
  HIP_CHECK(hipMalloc((void**)&m, 64));
  CHECK_ERR(hipMemPoolExportPointer(&d, m), hipErrorInvalidValue);
  HIP_CHECK(hipFree(m));
  HIP_CHECK(hipMallocFromPoolAsync((void**)&m, 64, plain, 0));
  CHECK_ERR(hipMemPoolExportPointer(&d, m), hipErrorInvalidValue);
  HIP_CHECK(hipFreeAsync(m, 0));
  hipMemPool_t imp;
  CHECK_ERR(hipMemPoolImportFromShareableHandle(
                nullptr, (void*)(intptr_t)1,
                hipMemHandleTypePosixFileDescriptor, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolImportFromShareableHandle(
                &imp, nullptr, hipMemHandleTypePosixFileDescriptor, 0),
            hipErrorInvalidValue);
  int p[2];
  CHECK(pipe(p) == 0);
  CHECK_ERR(hipMemPoolImportFromShareableHandle(
                &imp, (void*)(intptr_t)p[0],
                hipMemHandleTypePosixFileDescriptor, 0),
            hipErrorInvalidValue); // not a pool's memory
  close(p[0]);
  close(p[1]);
  HIP_CHECK(hipMemPoolExportPointer(&d, a));
  CHECK_ERR(hipMemPoolImportPointer(nullptr, pool, &d), hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolImportPointer((void**)&m, nullptr, &d),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolImportPointer((void**)&m, pool, nullptr),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemPoolImportPointer((void**)&m, pool, &d),
            hipErrorInvalidValue); // not an imported pool
  HIP_CHECK(hipMemPoolDestroy(plain));
}

static bool on_gpu() {
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  return std::strncmp(p.gcnArchName, "sm_", 3) == 0;
}

// Importing one's own pool (the CPU device; CUDA leaves it undefined): the
// same memory at another address; data of another pool's pointer is
// refused.
static void same_process(hipMemPool_t pool, int* a) {
  if (on_gpu()) return;
  int fd = -1;
  HIP_CHECK(hipMemPoolExportToShareableHandle(
      &fd, pool, hipMemHandleTypePosixFileDescriptor, 0));
  hipMemPool_t imp;
  HIP_CHECK(hipMemPoolImportFromShareableHandle(
      &imp, (void*)(intptr_t)fd, hipMemHandleTypePosixFileDescriptor, 0));
  close(fd);
  hipMemPoolPtrExportData d;
  HIP_CHECK(hipMemPoolExportPointer(&d, a));
  int* alias;
  HIP_CHECK(hipMemPoolImportPointer((void**)&alias, imp, &d));
  CHECK(alias != a);
  fill<<<N / 128, 128>>>(alias, 2, 9);
  HIP_CHECK(hipDeviceSynchronize());
  int h[N];
  HIP_CHECK(hipMemcpy(h, a, BYTES, hipMemcpyDeviceToHost));
  CHECK_EQ(mismatches(h, false, 2, 9), 0);

  hipMemPool_t other;
  hipMemPoolProps pp = pool_props(true);
  HIP_CHECK(hipMemPoolCreate(&other, &pp));
  int* o;
  HIP_CHECK(hipMallocFromPoolAsync((void**)&o, 256, other, 0));
  HIP_CHECK(hipMemPoolExportPointer(&d, o));
  int* x;
  CHECK_ERR(hipMemPoolImportPointer((void**)&x, imp, &d),
            hipErrorInvalidValue);
  HIP_CHECK(hipFreeAsync(o, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  HIP_CHECK(hipMemPoolDestroy(other));
  HIP_CHECK(hipMemPoolDestroy(imp));
}

int main() {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) return 1;
  pid_t pid = fork(); // before either process uses HIP
  if (pid < 0) return 1;
  if (pid == 0) {
    close(sv[0]);
    int r = child(sv[1]);
    fflush(stdout);
    _exit(r);
  }
  close(sv[1]);
  hipMemPool_t pool;
  hipMemPoolProps pp = pool_props(true);
  HIP_CHECK(hipMemPoolCreate(&pool, &pp));
  int *a, *b;
  HIP_CHECK(hipMallocFromPoolAsync((void**)&a, BYTES, pool, 0));
  int fd = -1;
  HIP_CHECK(hipMemPoolExportToShareableHandle(
      &fd, pool, hipMemHandleTypePosixFileDescriptor, 0));
  CHECK(fd >= 0);
  // Allocated after the export: the same handle reaches it.
  HIP_CHECK(hipMallocFromPoolAsync((void**)&b, BYTES, pool, 0));
  fill<<<N / 128, 128>>>(a, 3, 1);
  HIP_CHECK(hipMemsetAsync(b, 0, BYTES, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  message m;
  HIP_CHECK(hipMemPoolExportPointer(&m.a, a));
  HIP_CHECK(hipMemPoolExportPointer(&m.b, b));
  CHECK(send_fd(sv[0], fd, &m, sizeof m) == 0);
  close(fd);
  char done = 0;
  CHECK(read(sv[0], &done, 1) == 1 && done == 1);
  int status = -1;
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  int h[N];
  HIP_CHECK(hipMemcpy(h, a, BYTES, hipMemcpyDeviceToHost));
  CHECK_EQ(mismatches(h, true, 3, 1), 0); // squared by the child
  HIP_CHECK(hipMemcpy(h, b, BYTES, hipMemcpyDeviceToHost));
  CHECK_EQ(mismatches(h, false, 5, 1000), 0); // filled by the child
  errors(pool, a);
  same_process(pool, a);
  HIP_CHECK(hipFreeAsync(a, 0));
  HIP_CHECK(hipFreeAsync(b, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  HIP_CHECK(hipMemPoolDestroy(pool));
  return test_summary("mempool_ipc");
}
