// The device-level algorithms' frame: the input is cut into chunks, one
// per block of a one-thread-per-block kernel, so that on the CPU device
// each worker runs plain loops over contiguous memory (a CPU algorithm,
// not an emulated GPU one) and the launches keep the stream's order. On
// NVIDIA GPUs reduce and scan take gpu_reduce_scan.hpp's kernels; the
// others run these, correct but not tuned. The chunk count depends only on the item count, so the size query
// and the real call agree.
#ifndef HIPCUB_DEVICE_DETAIL_CHUNKS_HPP
#define HIPCUB_DEVICE_DETAIL_CHUNKS_HPP

#include "hipcub/device/detail/gpu_scan.hpp"
#include "hipcub/thread/thread_operators.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {

constexpr long long CHUNK_ITEMS = 16384;
constexpr int MAX_CHUNKS = 256;

inline int chunks_for(long long n) {
  long long c = (n + CHUNK_ITEMS - 1) / CHUNK_ITEMS;
  return c < 1 ? 1 : c > MAX_CHUNKS ? MAX_CHUNKS : static_cast<int>(c);
}

// [begin, end) of chunk c of n items in nc chunks.
HIPCUB_HOST_DEVICE inline long long chunk_begin(long long n, int nc, int c) {
  return n * c / nc;
}

// Carves `count` parts of sizes[i] bytes (each 256-byte aligned) out of
// d_temp. With d_temp NULL it only stores the size needed and says so by
// returning true in `query`; too small a buffer is hipErrorInvalidValue.
template <int K>
inline hipError_t carve(void* d_temp, size_t& bytes, const size_t (&sizes)[K],
                        void* (&ptrs)[K], bool& query) {
  size_t off[K], total = 0;
  for (int i = 0; i < K; ++i) {
    off[i] = total;
    total += (sizes[i] + 255) & ~size_t(255);
  }
  if (total == 0) total = 1;
  query = d_temp == nullptr;
  if (query) {
    bytes = total;
    return hipSuccess;
  }
  if (bytes < total) return hipErrorInvalidValue;
  for (int i = 0; i < K; ++i) ptrs[i] = static_cast<char*>(d_temp) + off[i];
  return hipSuccess;
}

inline hipError_t launched() { return hipGetLastError(); }

#define HIPCUB_TRY(expr)                  \
  do {                                    \
    hipError_t hipcub_e_ = (expr);        \
    if (hipcub_e_ != hipSuccess) return hipcub_e_; \
  } while (0)

// --- reduction: each chunk reduces its items, one block combines them.
template <typename In, typename Acc, typename Op>
__global__ void reduce_chunks(In in, long long n, int nc, Acc* partial, Op op) {
  int c = blockIdx.x;
  long long b = chunk_begin(n, nc, c), e = chunk_begin(n, nc, c + 1);
  if (b >= e) return;
  Acc acc = static_cast<Acc>(in[b]);
  for (long long i = b + 1; i < e; ++i) acc = op(acc, static_cast<Acc>(in[i]));
  partial[c] = acc;
}
template <typename Acc, typename Out, typename Op, typename Init>
__global__ void reduce_final(const Acc* partial, long long n, int nc, Out out,
                             Op op, Init init, bool fold_init) {
  Acc acc = static_cast<Acc>(init);
  bool have = fold_init;
  for (int c = 0; c < nc; ++c)
    if (chunk_begin(n, nc, c) < chunk_begin(n, nc, c + 1)) {
      acc = have ? op(acc, partial[c]) : partial[c];
      have = true;
    }
  *out = acc;
}

template <typename In, typename Out, typename Op, typename Init, typename Acc>
inline hipError_t reduce(void* d_temp, size_t& bytes, In in, Out out,
                         long long n, Op op, Init init, hipStream_t stream,
                         bool fold_init = true) {
  int nc = chunks_for(n);
  long long slots = gpu::reduce_slots() > nc ? gpu::reduce_slots() : nc;
  size_t sizes[1] = {sizeof(Acc) * slots};
  void* p[1];
  bool query;
  HIPCUB_TRY(carve(d_temp, bytes, sizes, p, query));
  if (query) return hipSuccess;
  Acc* partial = static_cast<Acc*>(p[0]);
  if (gpu::use_gpu_kernels(stream)) {
    gpu::reduce<In, Out, Op, Init, Acc>(partial, in, out, n, op, init,
                                        fold_init, stream);
    return launched();
  }
  if (n > 0) reduce_chunks<<<nc, 1, 0, stream>>>(in, n, nc, partial, op);
  reduce_final<<<1, 1, 0, stream>>>(partial, n, nc, out, op, init,
                                    fold_init);
  return launched();
}

// --- scan: chunk totals, their exclusive scan, then each chunk's scan.
template <typename Acc, typename Op>
__global__ void scan_partials(Acc* partial, long long n, int nc, Op op,
                              Acc init, bool has_init) {
  bool have = has_init;
  Acc run = init;
  for (int c = 0; c < nc; ++c) {
    if (chunk_begin(n, nc, c) >= chunk_begin(n, nc, c + 1)) continue;
    Acc t = partial[c];
    partial[c] = run;
    run = have ? op(run, t) : t;
    have = true;
  }
}
template <bool INCLUSIVE, typename In, typename Out, typename Acc, typename Op>
__global__ void scan_chunks(In in, Out out, long long n, int nc,
                            const Acc* partial, Op op, Acc init,
                            bool has_init) {
  int c = blockIdx.x;
  long long b = chunk_begin(n, nc, c), e = chunk_begin(n, nc, c + 1);
  bool have = c > 0 || has_init;
  Acc run = c > 0 ? partial[c] : init;
  for (long long i = b; i < e; ++i) {
    Acc v = static_cast<Acc>(in[i]);
    if (INCLUSIVE) {
      run = have ? op(run, v) : v;
      out[i] = run;
    } else {
      out[i] = run;
      run = op(run, v);
    }
    have = true;
  }
}

// `init` seeds the scan when `has_init` (exclusive scans always have one).
template <bool INCLUSIVE, typename In, typename Out, typename Op, typename Acc>
inline hipError_t scan(void* d_temp, size_t& bytes, In in, Out out,
                       long long n, Op op, Acc init, bool has_init,
                       hipStream_t stream) {
  int nc = chunks_for(n);
  size_t cpu = sizeof(Acc) * nc, gpu = gpu::scan_status_bytes<Acc>(n);
  size_t sizes[1] = {cpu > gpu ? cpu : gpu};
  void* p[1];
  bool query;
  HIPCUB_TRY(carve(d_temp, bytes, sizes, p, query));
  if (query || n <= 0) return hipSuccess;
  Acc* partial = static_cast<Acc*>(p[0]);
  if (gpu::use_gpu_kernels(stream)) {
    gpu::scan<INCLUSIVE>(p[0], in, out, n, op, init, has_init, stream);
    return launched();
  }
  reduce_chunks<<<nc, 1, 0, stream>>>(in, n, nc, partial, op);
  scan_partials<<<1, 1, 0, stream>>>(partial, n, nc, op, init, has_init);
  scan_chunks<INCLUSIVE><<<nc, 1, 0, stream>>>(in, out, n, nc,
                                               (const Acc*)partial, op, init,
                                               has_init);
  return launched();
}

}  // namespace detail
END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_DETAIL_CHUNKS_HPP
