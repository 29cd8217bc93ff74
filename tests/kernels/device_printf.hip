// printf in kernels: C formats (conversions, length modifiers, width,
// precision, flags; a NULL string) give exactly the expected text; every thread's lines
// are complete and in that thread's order, among many blocks running on
// all workers; the output is flushed by the time the host synchronizes
// (stdout is a file here, fully buffered, and the test never flushes it
// before reading); host lines before and after keep their places.
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "common.h"

const int BLOCKS = 8, THREADS = 96;

__global__ void k_formats(const char* s, const char* none) {
  printf("%d %i %u %x %X %o|%c|%s|%%\n", -42, 7, 3000000000u, 255, 255, 8,
         'Z', s);
  printf("%f %e %g %g %f\n", 1.5, 12345.678, 0.0001, 1e20, 2.5f);
  printf("%lld %llu %ld %lu %hd\n", -9000000000LL, 18446744073709551615ULL,
         -5L, 6UL, (short)-7);
  printf("[%5d][%-5d][%05d][%.3f][%10.4e][%-8s][%.2s][%+d][%#x][%*d]\n", 42,
         42, 42, 3.14159, 31415.9, "ab", "xyz", 7, 255, 4, 9);
  printf("%p %s\n", reinterpret_cast<void*>(0x1234), "end");
  // A NULL string prints nothing on the CPU device, as AMD's device printf
  // does, and "(null)" on NVIDIA GPUs (CUDA's printf); printf("%s\n", p)
  // must not become puts(p).
  printf("%s\n", none);
  printf("<%s|%8s>\n", none, none);
}

__global__ void k_lines() {
  int b = blockIdx.x, t = threadIdx.x;
  printf("b%d t%d first\n", b, t);
  __syncthreads();  // every thread's first line comes before any second one
  printf("b%d t%d second %d\n", b, t, b * 1000 + t * t);
}

static std::vector<std::string> split_lines(const std::string& s) {
  std::vector<std::string> v;
  size_t p = 0;
  while (p < s.size()) {
    size_t e = s.find('\n', p);
    if (e == std::string::npos) e = s.size();
    v.push_back(s.substr(p, e - p));
    p = e + 1;
  }
  return v;
}

int main() {
  char* ds;
  HIP_CHECK(hipMalloc(&ds, 8));
  HIP_CHECK(hipMemcpy(ds, "str", 4, hipMemcpyHostToDevice));

  // stdout goes to a temporary file for the kernels.
  std::fflush(stdout);
  int saved = dup(1);
  FILE* tmp = std::tmpfile();
  if (saved < 0 || !tmp || dup2(fileno(tmp), 1) < 0) {
    std::fprintf(stderr, "cannot redirect stdout\n");
    return 1;
  }
  std::printf("host before\n");
  k_formats<<<1, 1>>>(ds, nullptr);
  k_lines<<<BLOCKS, THREADS>>>();
  HIP_CHECK(hipDeviceSynchronize());
  // Read what reached the file, without flushing stdout first.
  std::string text;
  char buf[4096];
  off_t off = 0;
  for (ssize_t r; (r = pread(fileno(tmp), buf, sizeof buf, off)) > 0;)
    text.append(buf, static_cast<size_t>(r)), off += r;
  std::printf("host after\n");
  std::fflush(stdout);
  std::string all = text;
  for (ssize_t r; (r = pread(fileno(tmp), buf, sizeof buf, off)) > 0;)
    all.append(buf, static_cast<size_t>(r)), off += r;
  dup2(saved, 1);
  close(saved);
  std::fclose(tmp);

  std::vector<std::string> lines = split_lines(text);
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  bool cuda = std::strncmp(prop.gcnArchName, "sm_", 3) == 0;
  const char* formats[] = {
      "-42 7 3000000000 ff FF 10|Z|str|%",
      "1.500000 1.234568e+04 0.0001 1e+20 2.500000",
      "-9000000000 18446744073709551615 -5 6 -7",
      "[   42][42   ][00042][3.142][3.1416e+04][ab      ][xy][+7][0xff][   9]",
      "0x1234 end",
      cuda ? "(null)" : "",
      cuda ? "<(null)|  (null)>" : "<|        >",
  };
  const size_t nf = sizeof formats / sizeof *formats;
  size_t want_lines = 1 + nf + 2 * BLOCKS * THREADS;
  CHECK_EQ(lines.size(), want_lines);
  CHECK(!text.empty() && text.back() == '\n');
  if (lines.size() == want_lines) {
    CHECK(lines[0] == "host before");
    for (size_t i = 0; i < nf; i++)
      if (!CHECK(lines[1 + i] == formats[i]))
        std::fprintf(stderr, "  got      '%s'\n  expected '%s'\n",
                     lines[1 + i].c_str(), formats[i]);
    // The kernel's lines: each exactly once, each thread's first before
    // its second, and (the barrier) every first line of a block before
    // any second line of that block.
    std::vector<int> first_at(BLOCKS * THREADS, -1),
        second_at(BLOCKS * THREADS, -1);
    std::vector<int> last_first(BLOCKS, -1), first_second(BLOCKS, 1 << 30);
    int bad = 0;
    for (size_t i = 1 + nf; i < lines.size(); i++) {
      int b, t, v, n = 0;
      const char* l = lines[i].c_str();
      if (std::sscanf(l, "b%d t%d second %d%n", &b, &t, &v, &n) == 3 &&
          l[n] == 0 && b >= 0 && b < BLOCKS && t >= 0 && t < THREADS &&
          v == b * 1000 + t * t && second_at[b * THREADS + t] < 0) {
        second_at[b * THREADS + t] = static_cast<int>(i);
        first_second[b] = std::min(first_second[b], static_cast<int>(i));
      } else if (std::sscanf(l, "b%d t%d first%n", &b, &t, &n) == 2 &&
                 l[n] == 0 && b >= 0 && b < BLOCKS && t >= 0 &&
                 t < THREADS && first_at[b * THREADS + t] < 0) {
        first_at[b * THREADS + t] = static_cast<int>(i);
        last_first[b] = std::max(last_first[b], static_cast<int>(i));
      } else {
        if (bad++ < 5) std::fprintf(stderr, "  unexpected line '%s'\n", l);
      }
    }
    CHECK_EQ(bad, 0);
    int order = 0;
    for (int k = 0; k < BLOCKS * THREADS; k++)
      order += first_at[k] < 0 || second_at[k] < first_at[k];
    CHECK_EQ(order, 0);
    int barrier = 0;
    for (int b = 0; b < BLOCKS; b++) barrier += last_first[b] > first_second[b];
    CHECK_EQ(barrier, 0);
  }
  CHECK(all == text + "host after\n");
  HIP_CHECK(hipFree(ds));
  return test_summary("device_printf");
}
