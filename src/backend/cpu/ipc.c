/* Interprocess memory of the CPU device (hipIpcGetMemHandle & co).
 *
 * The device's memory lives in private anonymous mappings (heap.c), which
 * no other process can reach. Exporting an allocation turns the mapping
 * that holds it (its own for a big allocation, its slab for a small one)
 * into a shared one at the same address: a memfd gets the mapping's bytes,
 * then is mapped over it with MAP_FIXED, so pointers into it stay valid.
 * The memfd stays open in the exporting process while the mapping lives;
 * the handle names it by process id and descriptor number, with the
 * memfd's inode to recognise it. Another process opens it through
 * /proc/PID/fd/N (same user; pidfd_getfd where /proc is not there) and
 * maps it shared: both then see the same bytes.
 *
 * The first export of a mapping waits for the device (work in flight
 * could write the mapping while it is being copied); later ones do not. */
#define _GNU_SOURCE /* memfd_create, MAP_FIXED */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cpu.h"

#define IPC_MAGIC 0x3143504943504948ull /* "HIPCIPC1" */

/* What a handle holds (HIP_IPC_HANDLE_SIZE bytes at most). */
typedef struct ipc_handle {
  uint64_t magic;
  int32_t pid;
  int32_t fd;
  uint64_t ino, dev; /* the memfd's identity */
  uint64_t len;      /* the mapping's length */
  uint64_t offset;   /* the allocation's offset in it */
  uint64_t size;     /* the allocation's size */
} ipc_handle;
_Static_assert(sizeof(ipc_handle) <= HIP_IPC_HANDLE_SIZE, "handle size");

/* An exported mapping of this process, or a mapping opened here. */
typedef struct region {
  char* start;
  size_t len;
  int fd;            /* exported: the memfd; opened: -1 */
  uint64_t ino, dev;
  int32_t pid;       /* opened: the exporting process */
  int refs;          /* opened: hipIpcOpenMemHandle calls not closed */
  struct region* next;
} region;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static region* exported;
static region* opened;

/* Under the lock: the exported region starting at `start`. */
static region* find_exported(const char* start) {
  region* r = exported;
  while (r && r->start != start) r = r->next;
  return r;
}

/* Under the lock: makes [start, start + len) shared, backed by a new
 * memfd; the region, or NULL with *err set. */
static region* share(char* start, size_t len, hipError_t* err) {
  *err = hipErrorOutOfMemory;
  region* r = calloc(1, sizeof *r);
  if (!r) return NULL;
  int fd = memfd_create("hipc-ipc", MFD_CLOEXEC);
  struct stat st;
  if (fd < 0 || ftruncate(fd, (off_t)len) != 0 || fstat(fd, &st) != 0)
    goto fail;
  /* The bytes so far, then the shared mapping in place of the private
   * one (the same address, so pointers into it stay valid). */
  for (size_t done = 0; done < len;) {
    ssize_t n = pwrite(fd, start + done, len - done, (off_t)done);
    if (n <= 0) goto fail;
    done += (size_t)n;
  }
  if (mmap(start, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd,
           0) == MAP_FAILED) {
    *err = hipErrorMapFailed;
    goto fail;
  }
  r->start = start;
  r->len = len;
  r->fd = fd;
  r->ino = (uint64_t)st.st_ino;
  r->dev = (uint64_t)st.st_dev;
  r->next = exported;
  exported = r;
  return r;
fail:
  if (fd >= 0) close(fd);
  free(r);
  return NULL;
}

hipError_t hipc__cpu_ipc_export(hipc_device* dev, void* base, size_t size,
                                void* handle) {
  char* start;
  size_t len;
  if (hipc__heap_region(base, &start, &len) != 0)
    return hipErrorInvalidDevicePointer;
  pthread_mutex_lock(&lock);
  region* r = find_exported(start);
  pthread_mutex_unlock(&lock);
  /* Sharing a mapping copies it: work in flight may still write it. A
   * mapping shared already is exported without waiting. */
  hipError_t e = r ? hipSuccess : dev->ops->device_sync(dev);
  if (e != hipSuccess) return e;
  pthread_mutex_lock(&lock);
  r = find_exported(start);
  if (!r) r = share(start, len, &e);
  ipc_handle h;
  memset(&h, 0, sizeof h);
  if (r) {
    h.magic = IPC_MAGIC;
    h.pid = (int32_t)getpid();
    h.fd = r->fd;
    h.ino = r->ino;
    h.dev = r->dev;
    h.len = r->len;
    h.offset = (uint64_t)((char*)base - start);
    h.size = size;
  }
  pthread_mutex_unlock(&lock);
  if (!r) return e;
  memset(handle, 0, HIP_IPC_HANDLE_SIZE);
  memcpy(handle, &h, sizeof h);
  return hipSuccess;
}

void hipc__cpu_ipc_forget(void* start) {
  pthread_mutex_lock(&lock);
  region** p = &exported;
  while (*p && (*p)->start != (char*)start) p = &(*p)->next;
  region* r = *p;
  if (r) *p = r->next;
  pthread_mutex_unlock(&lock);
  if (r) {
    close(r->fd);
    free(r);
  }
}

int hipc__cpu_ipc_open_fd(int32_t pid, int32_t fd) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/fd/%d", (int)pid, (int)fd);
  int mine = open(path, O_RDWR | O_CLOEXEC);
  if (mine >= 0) return mine;
#if defined(SYS_pidfd_open) && defined(SYS_pidfd_getfd)
  int pidfd = (int)syscall(SYS_pidfd_open, (pid_t)pid, 0);
  if (pidfd < 0) return -1;
  mine = (int)syscall(SYS_pidfd_getfd, pidfd, (int)fd, 0);
  close(pidfd);
  return mine;
#else
  return -1;
#endif
}

hipError_t hipc__cpu_ipc_open(hipc_device* dev, const void* handle,
                              void** out, size_t* size) {
  (void)dev;
  ipc_handle h;
  memcpy(&h, handle, sizeof h);
  if (h.magic != IPC_MAGIC || h.offset >= h.len || h.size > h.len - h.offset)
    return hipErrorInvalidHandle;
  if (h.pid == (int32_t)getpid()) return hipErrorInvalidContext;
  pthread_mutex_lock(&lock);
  region* r = opened;
  while (r && !(r->pid == h.pid && r->ino == h.ino && r->dev == h.dev))
    r = r->next;
  if (r) { /* opened before: the same mapping */
    r->refs++;
    *out = r->start + h.offset;
    *size = (size_t)h.size;
    pthread_mutex_unlock(&lock);
    return hipSuccess;
  }
  pthread_mutex_unlock(&lock);
  int fd = hipc__cpu_ipc_open_fd(h.pid, h.fd);
  if (fd < 0) return hipErrorInvalidHandle;
  struct stat st;
  if (fstat(fd, &st) != 0 || (uint64_t)st.st_ino != h.ino ||
      (uint64_t)st.st_dev != h.dev || (uint64_t)st.st_size < h.len) {
    close(fd);
    return hipErrorInvalidHandle; /* the descriptor is another file now */
  }
  char* p = mmap(NULL, (size_t)h.len, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
                 0);
  close(fd);
  if (p == MAP_FAILED) return hipErrorMapFailed;
  region* n = calloc(1, sizeof *n);
  if (!n) {
    munmap(p, (size_t)h.len);
    return hipErrorOutOfMemory;
  }
  n->start = p;
  n->len = (size_t)h.len;
  n->fd = -1;
  n->ino = h.ino;
  n->dev = h.dev;
  n->pid = h.pid;
  n->refs = 1;
  pthread_mutex_lock(&lock);
  n->next = opened;
  opened = n;
  pthread_mutex_unlock(&lock);
  *out = p + h.offset;
  *size = (size_t)h.size;
  return hipSuccess;
}

hipError_t hipc__cpu_ipc_close(hipc_device* dev, void* ptr, size_t size) {
  (void)dev;
  (void)size;
  pthread_mutex_lock(&lock);
  region** p = &opened;
  while (*p && !((char*)ptr >= (*p)->start &&
                 (char*)ptr < (*p)->start + (*p)->len))
    p = &(*p)->next;
  region* r = *p;
  int last = r && --r->refs == 0;
  if (last) *p = r->next;
  pthread_mutex_unlock(&lock);
  if (!r) return hipErrorInvalidValue;
  if (last) {
    munmap(r->start, r->len);
    free(r);
  }
  return hipSuccess;
}
