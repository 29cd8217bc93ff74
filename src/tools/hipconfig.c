/* hipconfig: where hipc is installed and how to compile against it, with
 * the options of AMD's hipconfig, so that Makefiles and CMake scripts
 * written for ROCm find hipc. Single values are printed without a newline,
 * as AMD's tool does (`-n` adds one): `$(shell hipconfig --path)` and
 * CMake's `execute_process(COMMAND hipconfig --rocmpath)` use them as is.
 *
 * The installation is found from the executable's own place,
 * `<prefix>/bin/hipconfig`, like hipcc's (docs/internals.md, "Installed
 * tree"); nothing of the build tree is compiled in.
 */
#define _GNU_SOURCE /* readlink */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "hip/hip_version.h"

#define STR_(x) #x
#define STR(x) STR_(x)
#define HIP_VERSION_TEXT                                                    \
  STR(HIP_VERSION_MAJOR) "." STR(HIP_VERSION_MINOR) "." STR(HIP_VERSION_PATCH)
#define HIPC_VERSION_TEXT                                                   \
  STR(HIPC_VERSION_MAJOR) "." STR(HIPC_VERSION_MINOR) "."                   \
  STR(HIPC_VERSION_PATCH)

static char prefix[PATH_MAX];
static int newline;  /* -n: end single values with a newline */

/* `<prefix>` of `<prefix>/bin/hipconfig`, into `prefix`. */
static void find_prefix(const char *argv0) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0)
    exe[n] = '\0';
  else if (realpath(argv0, exe) == NULL)
    snprintf(exe, sizeof exe, "%s", argv0);
  for (int up = 0; up < 2; up++) {  /* drop "/hipconfig", then "/bin" */
    char *slash = strrchr(exe, '/');
    if (slash == NULL) {
      snprintf(exe, sizeof exe, ".");
      break;
    }
    *slash = '\0';
  }
  snprintf(prefix, sizeof prefix, "%s", exe[0] ? exe : "/");
}

static void value(const char *s) { printf("%s%s", s, newline ? "\n" : ""); }

/* What Makefiles branch on: "amd" unless HIP_PLATFORM says otherwise.
 * hipc's hipcc takes hip-clang's command line (--offload-arch=, -x hip),
 * which is what the "amd" branches of HIP Makefiles pass; the "nvidia"
 * branches pass nvcc's options. */
static const char *platform(void) {
  const char *p = getenv("HIP_PLATFORM");
  return p != NULL && *p != '\0' ? p : "amd";
}

static void cpp_config(char *out, size_t size) {
  snprintf(out, size, "-D__HIP_PLATFORM_HIPC__=1 -I%s/include", prefix);
}

static void clang_path(char *out, size_t size) {
  snprintf(out, size, "%s/lib/hipc/bin", prefix);
}

/* Prints `cmd`'s first line of output after `label`, or "not found". */
static void first_line(const char *label, const char *cmd) {
  char line[512] = "";
  FILE *p = popen(cmd, "r");
  if (p != NULL) {
    if (fgets(line, sizeof line, p) == NULL)
      line[0] = '\0';
    pclose(p);
  }
  line[strcspn(line, "\n")] = '\0';
  printf("%s: %s\n", label, line[0] ? line : "not found");
}

/* The files an installation needs; returns how many are missing. With
 * `quiet`, prints nothing. */
static int check(int quiet) {
  static const char *const files[] = {
      "bin/hipcc", "bin/hipc-kc", "lib/libhipc.so",
      "include/hip/hip_runtime.h", "include/hip/hip_runtime_api.h",
  };
  int missing = 0;
  for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", prefix, files[i]);
    int ok = access(path, i < 2 ? X_OK : R_OK) == 0;
    missing += !ok;
    if (!quiet)
      printf("%-8s %s\n", ok ? "ok" : "MISSING", path);
  }
  /* The HIP front end: clang 19 (HIPC_CLANG, docs/frontend.md). */
  const char *clang = getenv("HIPC_CLANG");
  char cmd[PATH_MAX];
  snprintf(cmd, sizeof cmd, "command -v '%s' >/dev/null 2>&1",
           clang != NULL && *clang ? clang : "clang-19");
  int ok = system(cmd) == 0;
  missing += !ok;
  if (!quiet)
    printf("%-8s %s (HIP front end)\n", ok ? "ok" : "MISSING",
           clang != NULL && *clang ? clang : "clang-19");
  return missing;
}

/* The HIP libraries of the installation: each is there where the build
 * found its CPU back end (Makefile, "The HIP libraries"). */
static void libraries(void) {
  static const char *const libs[][3] = {
      {"hipblas", "OpenBLAS", "libopenblas-dev"},
      {"hipfft", "FFTW3", "libfftw3-dev"},
      {"hipsparse", "hipc's own kernels", NULL},
  };
  static const char *const gpu[] = {"cuBLAS", "cuFFT", "cuSPARSE"};
  printf("\n== HIP libraries\n");
  for (size_t i = 0; i < sizeof libs / sizeof *libs; i++) {
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/lib/lib%s.so", prefix, libs[i][0]);
    if (access(path, R_OK) == 0)
      printf("%s: %s (CPU device: %s; NVIDIA GPUs: %s, loaded at run "
             "time)\n", libs[i][0], path, libs[i][1], gpu[i]);
    else
      printf("%s: not built (needs %s when hipc is built)\n", libs[i][0],
             libs[i][2] ? libs[i][2] : "nothing");
  }
}

static void full(void) {
  char buf[PATH_MAX * 2];
  printf("HIP version: " HIP_VERSION_TEXT "\n\n== hipc\n");
  printf("hipc version: " HIPC_VERSION_TEXT "\n");
  printf("HIP_PATH: %s\nROCM_PATH: %s\n", prefix, prefix);
  printf("HIP_COMPILER: clang\nHIP_PLATFORM: %s\nHIP_RUNTIME: hipc\n",
         platform());
  cpp_config(buf, sizeof buf);
  printf("CPP_CONFIG: %s\n", buf);
  clang_path(buf, sizeof buf);
  printf("HIP_CLANG_PATH: %s (hipc's hipcc, for CMake)\n", buf);
  printf("hipcc: %s/bin/hipcc\nlibhipc: %s/lib/libhipc.so\n", prefix,
         prefix);
  const char *clang = getenv("HIPC_CLANG");
  snprintf(buf, sizeof buf, "'%s' --version 2>/dev/null",
           clang != NULL && *clang ? clang : "clang-19");
  first_line("clang", buf);
  const char *cuda = getenv("CUDA_PATH");
  snprintf(buf, sizeof buf, "'%s/bin/ptxas' --version 2>/dev/null | tail -1",
           cuda != NULL && *cuda ? cuda : "/usr/local/cuda");
  first_line("ptxas (for --offload-arch=sm_XX)", buf);
  libraries();
  printf("\n== Environment variables\n");
  static const char *const vars[] = {
      "HIP_PATH", "HIP_PLATFORM", "HIP_VISIBLE_DEVICES",
      "HIP_LAUNCH_BLOCKING", "HIPC_DEVICES", "HIPC_CPU_THREADS",
      "HIPC_WARP_SIZE", "HIPC_OFFLOAD_ARCH", "HIPC_CLANG", "HIPC_CXX",
      "HIPC_CC", "CUDA_PATH",
  };
  for (size_t i = 0; i < sizeof vars / sizeof *vars; i++) {
    const char *v = getenv(vars[i]);
    if (v != NULL)
      printf("%s=%s\n", vars[i], v);
  }
  struct utsname u;
  if (uname(&u) == 0)
    printf("\n== Linux kernel\nHostname: %s\n%s %s %s %s\n", u.nodename,
           u.sysname, u.release, u.version, u.machine);
  first_line("\n== OS\nName",
             "sed -n 's/^PRETTY_NAME=\"\\{0,1\\}\\([^\"]*\\).*/\\1/p' "
             "/etc/os-release 2>/dev/null");
}

static void usage(void) {
  printf(
      "usage: hipconfig [OPTION]...\n"
      "Prints where hipc (HIP on the CPU and NVIDIA GPUs) is installed and "
      "how to\nbuild with it. Single values end without a newline unless "
      "-n is given.\n\n"
      "  -p, --path          the installation prefix (HIP_PATH)\n"
      "  -R, --rocmpath      the same (hipc has no separate ROCm tree)\n"
      "  -c, --compiler      the compiler kind: clang\n"
      "  -P, --platform      amd (hipcc takes hip-clang's options), or "
      "$HIP_PLATFORM\n"
      "  -r, --runtime       the runtime: hipc\n"
      "  -l, --hipclangpath  the folder whose clang++ is hipc's hipcc "
      "(for CMake)\n"
      "  -v, --version       the HIP version hipc implements\n"
      "  -C, --cpp_config, --cxx_config\n"
      "                      flags for compiling host code with another "
      "C/C++ compiler\n"
      "  -f, --full          everything, with the tools and environment\n"
      "      --check         check the installation; exit status 1 if "
      "incomplete\n"
      "  -n, --newline       end single values with a newline\n"
      "  -h, --help          this help\n"
      "Without options: --full.\n");
}

int main(int argc, char **argv) {
  find_prefix(argv[0]);
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "-n") == 0 || strcmp(argv[i], "--newline") == 0)
      newline = 1;
  int printed = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    char buf[PATH_MAX * 2];
    if (!strcmp(a, "-n") || !strcmp(a, "--newline")) {
      continue;
    } else if (!strcmp(a, "-p") || !strcmp(a, "--path") ||
               !strcmp(a, "-R") || !strcmp(a, "--rocmpath")) {
      value(prefix);
    } else if (!strcmp(a, "-c") || !strcmp(a, "--compiler")) {
      value("clang");
    } else if (!strcmp(a, "-P") || !strcmp(a, "--platform")) {
      value(platform());
    } else if (!strcmp(a, "-r") || !strcmp(a, "--runtime")) {
      value("hipc");
    } else if (!strcmp(a, "-l") || !strcmp(a, "--hipclangpath")) {
      clang_path(buf, sizeof buf);
      value(buf);
    } else if (!strcmp(a, "-v") || !strcmp(a, "--version")) {
      value(HIP_VERSION_TEXT);
    } else if (!strcmp(a, "-C") || !strcmp(a, "--cpp_config") ||
               !strcmp(a, "--cxx_config")) {
      cpp_config(buf, sizeof buf);
      value(buf);
    } else if (!strcmp(a, "-f") || !strcmp(a, "--full")) {
      full();
    } else if (!strcmp(a, "--check")) {
      int missing = check(0);
      printf(missing ? "hipc is incomplete: %d missing\n"
                     : "hipc is complete\n", missing);
      if (missing)
        return 1;
    } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage();
    } else {
      fprintf(stderr, "hipconfig: unknown option '%s' (see --help)\n", a);
      return 2;
    }
    printed = 1;
  }
  if (!printed)
    full();
  return 0;
}
