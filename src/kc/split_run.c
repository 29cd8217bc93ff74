/* Step 7 in parallel, the run (split.h): the readied module written as
 * bitcode once, each part other than the home read back on a thread of
 * its own with its own LLVMContext and target machine, optimised and
 * compiled to an object beside the output; the home part is c->mod
 * itself, on the main thread. `ld -r` joins the objects and `objcopy`
 * makes the symbols the split exported local again, so that the output
 * defines what it would without the split.
 *
 * HIPC_KC_JOBS=N: at most N parts (default: the processors online, at
 * most 8); 1 turns the split off. */
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>

#include "kc/split.h"

extern char** environ;

struct part_job {
  const struct split_plan* plan;
  unsigned part;
  const char* bitcode;
  size_t bitcode_size;
  LLVMTargetRef target;
  const char *triple, *cpu, *features;
  int opt_level;
  char* obj_path;
  double cpu_s; /* the thread's CPU time on the part */
  pthread_t thread;
  int threaded;
};

static unsigned jobs_wanted(struct kc_ctx* c) {
  /* -g keeps debug information whole; another target's objects are not
   * for this machine's ld. */
  if (c->opt_level == 0 || c->debug || c->emit_ll) return 1;
  char* host = LLVMGetDefaultTargetTriple();
  int cross = strcmp(host, c->host_triple) != 0;
  LLVMDisposeMessage(host);
  if (cross) return 1;
  /* LLVM's -time-passes and the like keep global state. */
  const char* a = getenv("HIPC_KC_LLVM_ARGS");
  if (a && *a) return 1;
  const char* e = getenv("HIPC_KC_JOBS");
  long n = e && *e ? strtol(e, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
  if (n < 1) n = 1;
  return n > 8 ? 8 : (unsigned)n;
}

static void emit_object(LLVMTargetMachineRef tm, LLVMModuleRef m,
                        const char* path) {
  char* msg = NULL;
  /* HIPC_KC_SPLIT_LL=1: each part's optimised IR beside the output too
   * (OUT.kc-partN.o.ll), for looking into the split. */
  const char* ll = getenv("HIPC_KC_SPLIT_LL");
  if (ll && *ll && strcmp(ll, "0") != 0) {
    size_t len = strlen(path) + 4;
    char* p = hipc__diag_xmalloc(len);
    snprintf(p, len, "%s.ll", path);
    if (LLVMPrintModuleToFile(m, p, &msg)) hipc__diag_fatal("%s: %s", p, msg);
    free(p);
  }
  if (LLVMTargetMachineEmitToFile(tm, m, (char*)path, LLVMObjectFile, &msg))
    hipc__diag_fatal("%s: %s", path, msg);
}

static double thread_cpu_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void* run_part(void* arg) {
  struct part_job* j = arg;
  double t0 = thread_cpu_s();
  static const LLVMCodeGenOptLevel levels[] = {
      LLVMCodeGenLevelNone, LLVMCodeGenLevelLess, LLVMCodeGenLevelDefault,
      LLVMCodeGenLevelAggressive};
  LLVMContextRef cx = LLVMContextCreate();
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(
      j->bitcode, j->bitcode_size, "split", 0);
  LLVMModuleRef m;
  if (LLVMParseBitcodeInContext2(cx, buf, &m))
    hipc__diag_fatal("internal error: cannot read the split module back");
  LLVMDisposeMemoryBuffer(buf);
  hipc__split_part(m, j->plan, j->part);
  LLVMTargetMachineRef tm = LLVMCreateTargetMachine(
      j->target, j->triple, j->cpu, j->features, levels[j->opt_level],
      LLVMRelocPIC, LLVMCodeModelDefault);
  if (!tm) hipc__diag_fatal("cannot make a target machine for %s", j->triple);
  hipc__run_pipeline(m, tm, j->opt_level);
  emit_object(tm, m, j->obj_path);
  LLVMDisposeTargetMachine(tm);
  LLVMDisposeModule(m);
  LLVMContextDispose(cx);
  j->cpu_s = thread_cpu_s() - t0;
  return NULL;
}

static void run_tool(const char* const* argv) {
  pid_t pid;
  int st;
  if (posix_spawnp(&pid, argv[0], NULL, NULL, (char* const*)argv, environ))
    hipc__diag_fatal("cannot run %s", argv[0]);
  while (waitpid(pid, &st, 0) < 0) {
  }
  if (!WIFEXITED(st) || WEXITSTATUS(st))
    hipc__diag_fatal("%s failed joining the split objects", argv[0]);
}

/* ld -r of the parts' objects into the output, then the split's symbols
 * local again (objcopy --localize-symbols). */
static void join(struct kc_ctx* c, struct part_job* jobs, unsigned n,
                 const struct split_plan* plan) {
  const char** argv = hipc__diag_xmalloc((n + 5) * sizeof *argv);
  unsigned k = 0;
  argv[k++] = "ld";
  argv[k++] = "-r";
  for (unsigned i = 0; i < n; i++) argv[k++] = jobs[i].obj_path;
  argv[k++] = "-o";
  argv[k++] = c->out_path;
  argv[k] = NULL;
  run_tool(argv);
  free(argv);
  size_t len = strlen(c->out_path) + 16;
  char* list = hipc__diag_xmalloc(len);
  snprintf(list, len, "%s.kc-local", c->out_path);
  FILE* f = fopen(list, "w");
  if (!f) hipc__diag_fatal("%s: cannot write", list);
  for (unsigned i = 0; i < plan->num_local; i++)
    fprintf(f, "%s\n", plan->local_name[i]);
  if (fclose(f)) hipc__diag_fatal("%s: cannot write", list);
  char* opt = hipc__diag_xmalloc(len + 32);
  snprintf(opt, len + 32, "--localize-symbols=%s", list);
  const char* oc[] = {"objcopy", opt, c->out_path, NULL};
  run_tool(oc);
  unlink(list);
  free(opt);
  free(list);
}

int hipc__split_compile(struct kc_ctx* c) {
  unsigned want = jobs_wanted(c);
  struct split_plan plan;
  if (want < 2) return 0;
  hipc__optimise_prepare(c);
  if (!hipc__split_plan(c, want, &plan)) {
    hipc__run_pipeline(c->mod, c->tm, c->opt_level);
    hipc__emit_output(c);
    return 1;
  }
  LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(c->mod);
  struct part_job* jobs = calloc(plan.parts, sizeof *jobs);
  if (!jobs) abort();
  for (unsigned p = 0; p < plan.parts; p++) {
    struct part_job* j = &jobs[p];
    j->plan = &plan;
    j->part = p;
    j->bitcode = LLVMGetBufferStart(bc);
    j->bitcode_size = LLVMGetBufferSize(bc);
    j->target = LLVMGetTargetMachineTarget(c->tm);
    j->triple = c->host_triple;
    j->cpu = LLVMGetTargetMachineCPU(c->tm);
    j->features = LLVMGetTargetMachineFeatureString(c->tm);
    j->opt_level = c->opt_level;
    size_t len = strlen(c->out_path) + 24;
    j->obj_path = hipc__diag_xmalloc(len);
    snprintf(j->obj_path, len, "%s.kc-part%u.o", c->out_path, p);
    if (p == 0) continue;
    j->threaded = pthread_create(&j->thread, NULL, run_part, j) == 0;
    if (!j->threaded) run_part(j); /* no thread: this one does it */
  }
  double t0 = thread_cpu_s();
  hipc__split_part(c->mod, &plan, 0);
  hipc__run_pipeline(c->mod, c->tm, c->opt_level);
  emit_object(c->tm, c->mod, jobs[0].obj_path);
  jobs[0].cpu_s = thread_cpu_s() - t0;
  for (unsigned p = 1; p < plan.parts; p++)
    if (jobs[p].threaded) pthread_join(jobs[p].thread, NULL);
  /* HIPC_KC_TIME=1: each part's CPU time (the longest is what the step
   * takes on a machine with a processor for each). */
  const char* e = getenv("HIPC_KC_TIME");
  if (e && *e && strcmp(e, "0") != 0)
    for (unsigned p = 0; p < plan.parts; p++)
      fprintf(stderr, "hipc-kc:   part %u %-15s %8.3f s CPU\n", p, "",
              jobs[p].cpu_s);
  join(c, jobs, plan.parts, &plan);
  for (unsigned p = 0; p < plan.parts; p++) {
    unlink(jobs[p].obj_path);
    free(jobs[p].obj_path);
    LLVMDisposeMessage((char*)jobs[p].cpu);
    LLVMDisposeMessage((char*)jobs[p].features);
  }
  free(jobs);
  LLVMDisposeMemoryBuffer(bc);
  hipc__split_plan_free(&plan);
  return 1;
}
