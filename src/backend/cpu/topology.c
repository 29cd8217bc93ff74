/* How many CPU devices there are and how many workers each one gets.
 *
 * HIPC_CPU_DEVICES=N presents N CPU devices. Without it, a process started
 * by a launcher that says how many of its ranks share this node gets that
 * many (OpenMPI: OMPI_COMM_WORLD_LOCAL_SIZE; MPICH's Hydra:
 * MPI_LOCALNRANKS; Slurm: SLURM_NTASKS_PER_NODE), so that the usual
 * hipSetDevice(local_rank) finds its device; otherwise there is one.
 *
 * The devices share the cores this process may run on: each device's pool
 * gets an equal share (at least one worker), HIPC_CPU_THREADS overriding
 * it. Under a launcher, the ranks of the node share the cores too: unless
 * the launcher already bound this process to fewer cores than the node
 * has, each rank's pool is its share of them, so that the ranks together
 * do not oversubscribe the machine. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include "cpu.h"
#include "runtime/env.h"

#define MAX_CPU_DEVICES 16

/* The ranks on this node according to the launcher's variables, or 0. */
static long launcher_local_ranks(void) {
  static const char* const vars[] = {"OMPI_COMM_WORLD_LOCAL_SIZE",
                                     "MPI_LOCALNRANKS",
                                     "SLURM_NTASKS_PER_NODE", NULL};
  for (int i = 0; vars[i]; ++i) {
    const char* v = getenv(vars[i]);
    if (!v || !*v) continue;
    char* end;
    long n = strtol(v, &end, 10); /* Slurm may write "2(x3)": the count */
    if (end != v && n > 0) return n;
  }
  return 0;
}

int hipc__cpu_device_count(void) {
  long local = launcher_local_ranks();
  long fallback = local > 0 ? (local < MAX_CPU_DEVICES ? local
                                                        : MAX_CPU_DEVICES)
                            : 1;
  return (int)hipc__env_int("HIPC_CPU_DEVICES", 1, MAX_CPU_DEVICES,
                            fallback);
}

int hipc__cpu_worker_count(int ndevices) {
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  if (online < 1) online = 1;
  long cores = online;
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    cores = CPU_COUNT(&set);
  long local = launcher_local_ranks();
  /* Not bound by the launcher: this rank's share of the node. */
  if (local > 1 && cores >= online) cores /= local;
  long share = cores / (ndevices > 0 ? ndevices : 1);
  if (share < 1) share = 1;
  if (share > 4096) share = 4096;
  return (int)hipc__env_int("HIPC_CPU_THREADS", 1, 4096, share);
}
