/* Faults inside kernels on the CPU device.
 *
 * A SIGSEGV, SIGBUS, SIGFPE or SIGILL raised while a worker runs a kernel is
 * reported with the kernel's name, block and thread (and "stack overflow"
 * when the address is a fiber's guard page), then the process aborts, as a
 * GPU fault ends a HIP program; an integer division by zero goes on, as on
 * a GPU (div_fault.c). Faults elsewhere go to the handler that was
 * installed before us, or get the default action. Workers run the handler on
 * their own alternate signal stack, so that a stack overflow can be
 * reported. An abort() called by a kernel thread is named the same way
 * before the process ends. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpu.h"
#include "runtime/env.h"
#include "fiber.h"

static const int signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
#define NSIG_HANDLED (sizeof signals / sizeof signals[0])
static struct sigaction previous[NSIG_HANDLED];
static struct sigaction previous_abort;

/* -- async-signal-safe formatting */

typedef struct msgbuf {
  char text[512];
  size_t len;
} msgbuf;

static void put(msgbuf* m, const char* s) {
  while (*s && m->len < sizeof m->text - 1) m->text[m->len++] = *s++;
}

static void put_uint(msgbuf* m, unsigned long long v) {
  char digits[24];
  int n = 0;
  do {
    digits[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (n && m->len < sizeof m->text - 1) m->text[m->len++] = digits[--n];
}

static void put_dim(msgbuf* m, dim3 d) {
  put(m, "(");
  put_uint(m, d.x);
  put(m, ",");
  put_uint(m, d.y);
  put(m, ",");
  put_uint(m, d.z);
  put(m, ")");
}

static void put_context(msgbuf* m) {
  cpu_worker* w = hipc__pool_self();
  if (!w || !w->kernel_name) return;
  put(m, " in kernel '");
  put(m, w->kernel_name);
  put(m, "' block ");
  put_dim(m, hipc_tls.block_idx);
  put(m, " thread ");
  put_dim(m, hipc_tls.thread_idx);
}

static void emit(msgbuf* m) {
  put(m, "\n");
  ssize_t r = write(STDERR_FILENO, m->text, m->len);
  (void)r;
}

_Noreturn void hipc__cpu_kernel_fatal(const char* msg) {
  msgbuf m = {{0}, 0};
  put(&m, "hipc: ");
  put(&m, msg);
  put_context(&m);
  emit(&m);
  abort();
}

static const char* signal_name(int sig) {
  switch (sig) {
    case SIGSEGV: return "segmentation fault (invalid memory access)";
    case SIGBUS: return "bus error (invalid memory access)";
    case SIGFPE: return "arithmetic exception (e.g. integer division by 0)";
    default: return "illegal instruction";
  }
}

_Noreturn void hipc__cpu_fault_unreproduced(cpu_worker* w) {
  msgbuf m = {{0}, 0};
  put(&m, "hipc: ");
  put(&m, signal_name(w->fault_sig));
  put(&m, " in kernel '");
  put(&m, w->kernel_name ? w->kernel_name : "?");
  put(&m, "' block ");
  put_dim(&m, hipc_tls.block_idx);
  put(&m, " (the thread could not be told: the fault did not recur when "
          "the block ran again)");
  emit(&m);
  signal(SIGABRT, SIG_DFL);
  abort();
}

static void on_fault(int sig, siginfo_t* info, void* ctx) {
  cpu_worker* w = hipc__pool_self();
  /* A GPU's integer division by zero does not trap (div_fault.c). */
  if (sig == SIGFPE && info->si_code == FPE_INTDIV && w && w->kernel_name &&
      hipc__div_fault_resume(ctx))
    return;
  if (w && w->kernel_name && w->fault_armed && !w->precise) {
    /* The fast thread loop may not have stored the thread's index: go back
     * and run the block again, precisely (device.c). */
    w->fault_sig = sig;
    siglongjmp(w->fault_jmp, 1);
  }
  if (w && w->kernel_name) {
    msgbuf m = {{0}, 0};
    put(&m, "hipc: ");
    put(&m, signal_name(sig));
    size_t size;
    const void* stack = hipc__sched_current_stack(w->sched, &size);
    if (stack && hipc__fiber_in_guard(stack, size, info->si_addr))
      put(&m, " (stack overflow: raise HIPC_CPU_STACK_KB)");
    put_context(&m);
    emit(&m);
    signal(SIGABRT, SIG_DFL);
    abort();
  }
  /* Not ours: hand over to whoever was there before. */
  for (size_t i = 0; i < NSIG_HANDLED; ++i) {
    if (signals[i] != sig) continue;
    struct sigaction* p = &previous[i];
    if (p->sa_flags & SA_SIGINFO) {
      p->sa_sigaction(sig, info, ctx);
      return;
    }
    if (p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN) {
      p->sa_handler(sig);
      return;
    }
    /* Default action: reinstall it; returning re-raises the fault. */
    sigaction(sig, p, NULL);
    return;
  }
}

/* SIGABRT: a kernel thread called abort(). Returning lets abort() go on
 * and end the process; hipc's own aborts (fault reports, assertions) reset
 * the signal first, so that they are not reported twice. */
static void on_abort(int sig, siginfo_t* info, void* ctx) {
  cpu_worker* w = hipc__pool_self();
  if (w && w->kernel_name) {
    msgbuf m = {{0}, 0};
    put(&m, "hipc: abort() called");
    put_context(&m);
    emit(&m);
  }
  if (previous_abort.sa_flags & SA_SIGINFO)
    previous_abort.sa_sigaction(sig, info, ctx);
  else if (previous_abort.sa_handler != SIG_DFL &&
           previous_abort.sa_handler != SIG_IGN)
    previous_abort.sa_handler(sig);
}

/* Once per process, however many CPU devices start: a second install
 * would save the first's handlers as the "previous" ones, and a signal
 * that is not a kernel's would then be handed to the same handler over
 * and over (abort() with two CPU devices spun forever). */
static void install(void) {
  if (hipc__env_flag("HIPC_NO_SIGNALS", 0)) return;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_fault;
  /* SA_NODEFER: a handler that jumps back into the worker must not leave
   * the signal blocked, or the re-run's fault could not be caught. */
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < NSIG_HANDLED; ++i)
    sigaction(signals[i], &sa, &previous[i]);
  sa.sa_sigaction = on_abort;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigaction(SIGABRT, &sa, &previous_abort);
}

void hipc__fault_install(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, install);
}

int hipc__fault_thread_init(cpu_worker* w) {
  size_t size = 64 * 1024;
  w->altstack = malloc(size);
  if (!w->altstack) return -1;
  stack_t ss = {.ss_sp = w->altstack, .ss_size = size, .ss_flags = 0};
  return sigaltstack(&ss, NULL);
}

void hipc__fault_thread_fini(cpu_worker* w) {
  stack_t ss = {.ss_sp = NULL, .ss_size = 0, .ss_flags = SS_DISABLE};
  sigaltstack(&ss, NULL);
  free(w->altstack);
  w->altstack = NULL;
}
