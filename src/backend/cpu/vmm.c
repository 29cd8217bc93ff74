/* Virtual memory of the CPU device (hipMemAddressReserve, hipMemCreate,
 * hipMemMap, ...): a reservation is an inaccessible anonymous mapping,
 * physical memory a memfd, a mapping the memfd mapped over part of a
 * reservation with MAP_FIXED, and access mprotect. Unmapping puts an
 * inaccessible anonymous mapping back, so the range stays reserved. The
 * memfd is what hipMemExportToShareableHandle hands out (a duplicate), and
 * what another process imports. */
#define _GNU_SOURCE /* memfd_create, MAP_NORESERVE */
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpu.h"

typedef struct phys {
  int fd;
  size_t size;
} phys;

size_t hipc__cpu_vm_granularity(hipc_device* dev) {
  (void)dev;
  return (size_t)sysconf(_SC_PAGESIZE);
}

hipError_t hipc__cpu_vm_reserve(hipc_device* dev, size_t size, size_t align,
                                void* hint, void** out) {
  (void)dev;
  size_t page = hipc__cpu_vm_granularity(dev);
  if (align < page) align = page;
  if (size > SIZE_MAX - align) return hipErrorOutOfMemory;
  size_t span = size + align - page;
  char* p = mmap(hint, span, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return hipErrorOutOfMemory;
  char* a = (char*)(((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1));
  if (a > p) munmap(p, (size_t)(a - p));
  if (p + span > a + size) munmap(a + size, (size_t)(p + span - (a + size)));
  *out = a;
  return hipSuccess;
}

hipError_t hipc__cpu_vm_free(hipc_device* dev, void* ptr, size_t size) {
  (void)dev;
  return munmap(ptr, size) == 0 ? hipSuccess : hipErrorInvalidValue;
}

hipError_t hipc__cpu_vm_create(hipc_device* dev, size_t size, void** out) {
  (void)dev;
  phys* m = malloc(sizeof *m);
  if (!m) return hipErrorOutOfMemory;
  m->fd = memfd_create("hipc-vmm", MFD_CLOEXEC);
  m->size = size;
  if (m->fd < 0 || ftruncate(m->fd, (off_t)size) != 0) {
    if (m->fd >= 0) close(m->fd);
    free(m);
    return hipErrorOutOfMemory;
  }
  *out = m;
  return hipSuccess;
}

void hipc__cpu_vm_release(hipc_device* dev, void* p) {
  (void)dev;
  phys* m = p;
  close(m->fd);
  free(m);
}

hipError_t hipc__cpu_vm_map(hipc_device* dev, void* ptr, size_t size,
                            void* p, size_t offset) {
  (void)dev;
  phys* m = p;
  void* r = mmap(ptr, size, PROT_NONE, MAP_SHARED | MAP_FIXED, m->fd,
                 (off_t)offset);
  return r == MAP_FAILED ? hipErrorMapFailed : hipSuccess;
}

hipError_t hipc__cpu_vm_unmap(hipc_device* dev, void* ptr, size_t size) {
  (void)dev;
  void* r = mmap(ptr, size, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1,
                 0);
  return r == MAP_FAILED ? hipErrorUnknown : hipSuccess;
}

hipError_t hipc__cpu_vm_access(hipc_device* dev, void* ptr, size_t size,
                               int flags) {
  (void)dev;
  int prot = flags == hipMemAccessFlagsProtReadWrite ? PROT_READ | PROT_WRITE
             : flags == hipMemAccessFlagsProtRead    ? PROT_READ
                                                     : PROT_NONE;
  return mprotect(ptr, size, prot) == 0 ? hipSuccess : hipErrorInvalidValue;
}

hipError_t hipc__cpu_vm_export_fd(hipc_device* dev, void* p, int* fd) {
  (void)dev;
  phys* m = p;
  *fd = dup(m->fd);
  return *fd < 0 ? hipErrorOutOfMemory : hipSuccess;
}

hipError_t hipc__cpu_vm_import_fd(hipc_device* dev, int fd, size_t* size,
                                  void** out) {
  (void)dev;
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
      st.st_size <= 0)
    return hipErrorInvalidValue;
  phys* m = malloc(sizeof *m);
  if (!m) return hipErrorOutOfMemory;
  m->fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (m->fd < 0) {
    free(m);
    return hipErrorOutOfMemory;
  }
  m->size = (size_t)st.st_size;
  *size = m->size;
  *out = m;
  return hipSuccess;
}
