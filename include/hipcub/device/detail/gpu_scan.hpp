// DeviceScan's kernel shaped for GPUs: one pass, tiles in block order,
// each tile's prefix found by decoupled look-back (Merrill & Garland
// 2016): a tile publishes its total (AGGREGATE), then warp 0 looks back a
// warp's width of tiles at a time, folding their totals until one shows
// its inclusive prefix (PREFIX), and publishes its own inclusive prefix.
// Items of 4 bytes or less publish flag and value as one 64-bit word (one
// load per tile looked at); larger ones a flag after the value. A thread
// scans I consecutive items; full tiles of aligned pointers move as
// warp-striped 16-byte vectors transposed through shared memory.
#ifndef HIPCUB_DEVICE_DETAIL_GPU_SCAN_HPP
#define HIPCUB_DEVICE_DETAIL_GPU_SCAN_HPP

#include "hipcub/device/detail/gpu_reduce_scan.hpp"

// Items a thread of 4-byte (or smaller) items; odd keeps the transposes
// free of bank conflicts. HIPCUB_SCAN_STRIPED=0: per-thread vector loads.
#ifndef HIPCUB_SCAN_ITEMS
#define HIPCUB_SCAN_ITEMS 19
#endif
#ifndef HIPCUB_SCAN_STRIPED
#define HIPCUB_SCAN_STRIPED 1
#endif

BEGIN_HIPCUB_NAMESPACE
namespace detail {
namespace gpu {

enum : int { TILE_NONE = 0, TILE_AGGREGATE = 1, TILE_PREFIX = 2 };

template <typename Acc>
constexpr int scan_items() {
#if HIPCUB_SCAN_STRIPED
  return sizeof(Acc) <= 4 ? HIPCUB_SCAN_ITEMS : sizeof(Acc) <= 8 ? 11 : 7;
#else
  return sizeof(Acc) <= 8 ? 16 : 8;
#endif
}
template <typename Acc>
inline long long scan_tiles_of(long long n) {
  long long tile = (long long)THREADS * scan_items<Acc>();
  long long t = (n + tile - 1) / tile;
  return t < 1 ? 1 : t;
}
__host__ __device__ constexpr size_t round16(size_t b) {
  return (b + 15) & ~size_t(15);
}

template <typename Acc>
constexpr bool packed_status() {
  return sizeof(Acc) <= 4 && std::is_trivially_copyable<Acc>::value;
}

// Tiles' status, flag and value in one word (Acc of 4 bytes or less).
template <typename Acc, bool PACKED = packed_status<Acc>()>
struct tile_status {
  unsigned long long* word;
  static size_t bytes(long long tiles) { return round16(tiles * 8); }
  static size_t zeroed(long long tiles) { return tiles * 8; }
  __host__ __device__ tile_status(void* p, long long)
      : word(static_cast<unsigned long long*>(p)) {}
  __device__ void publish(long long tile, int kind, const Acc& v) const {
    unsigned bits = 0;
    __builtin_memcpy(&bits, &v, sizeof(Acc));
    *reinterpret_cast<volatile unsigned long long*>(word + tile) =
        (unsigned long long)kind << 32 | bits;
  }
  // The tile's flag; v its value when the flag is set.
  __device__ int poll(long long tile, Acc& v) const {
    unsigned long long w =
        *reinterpret_cast<volatile unsigned long long*>(word + tile);
    unsigned bits = unsigned(w);
    __builtin_memcpy(&v, &bits, sizeof(Acc));
    return int(w >> 32);
  }
  __device__ void settle() const {}
  __device__ Acc value(long long, int, const Acc& v) const { return v; }
};

// Flags, totals and prefixes apart (a fence between value and flag).
template <typename Acc>
struct tile_status<Acc, false> {
  int* flag;
  Acc* aggregate;
  Acc* prefix;
  static size_t bytes(long long tiles) {
    return round16(tiles * sizeof(int)) + 2 * round16(tiles * sizeof(Acc));
  }
  static size_t zeroed(long long tiles) { return tiles * sizeof(int); }
  __host__ __device__ tile_status(void* p, long long tiles) {
    char* c = static_cast<char*>(p);
    flag = reinterpret_cast<int*>(c);
    c += round16(tiles * sizeof(int));
    aggregate = reinterpret_cast<Acc*>(c);
    c += round16(tiles * sizeof(Acc));
    prefix = reinterpret_cast<Acc*>(c);
  }
  __device__ void publish(long long tile, int kind, const Acc& v) const {
    (kind == TILE_PREFIX ? prefix : aggregate)[tile] = v;
    __threadfence();
    *reinterpret_cast<volatile int*>(flag + tile) = kind;
  }
  __device__ int poll(long long tile, Acc&) const {
    return *reinterpret_cast<volatile int*>(flag + tile);
  }
  __device__ void settle() const { __threadfence(); }
  __device__ Acc value(long long tile, int f, const Acc&) const {
    return load_volatile(f == TILE_PREFIX ? prefix + tile : aggregate + tile);
  }
};

// The tile status a scan of n items needs.
template <typename Acc>
inline size_t scan_status_bytes(long long n) {
  return tile_status<Acc>::bytes(scan_tiles_of<Acc>(n));
}

// Warp 0 of tile `tile` (> 0): the combination of tiles 0..tile-1,
// returned to lane 0.
template <typename Acc, typename St, typename Op>
__device__ Acc look_back(const St& st, long long tile, int lane, Op op) {
  int ws = warpSize;
  Acc excl;
  bool have = false;
  for (long long top = tile - 1;; top -= ws) {
    long long p = top - lane;
    long long q = p >= 0 ? p : 0;  // lanes before tile 0 read tile 0
    int f;
    Acc v;
    do {
      f = st.poll(q, v);
      if (p < 0) f = TILE_PREFIX;
    } while (__any(f == TILE_NONE));
    st.settle();
    unsigned long long prefixes = __ballot(f == TILE_PREFIX);
    int last = prefixes ? __ffsll((long long)prefixes) - 1 : ws - 1;
    v = st.value(q, f, v);  // lanes past `last` are not used
    // lanes further back hold earlier tiles: combine in reverse
    for (int off = 1; off < ws; off <<= 1) {
      Acc o = shfl_down_any(v, off);
      if (lane + off <= last) v = op(o, v);
    }
    excl = have ? op(v, excl) : v;
    have = true;
    if (prefixes) return excl;
  }
}

// Room for a tile's items moved through shared memory (B bytes each).
template <int I, size_t B>
struct alignas(16) tile_stage {
  unsigned char bytes[B ? THREADS * I * B : 16];
};
template <typename It>
constexpr size_t item_bytes() {
  using T = typename pointee<It>::type;
  if constexpr (std::is_void<T>::value) return 0;
  else return sizeof(T);
}

// VIN/VOUT: full tiles load/store as vectors (striped or per thread).
template <bool INCLUSIVE, bool VIN, bool VOUT, typename In, typename Out,
          typename Acc, typename Op>
__global__ void __launch_bounds__(THREADS)
    scan_one_pass(In in, Out out, long long n, void* status, long long tiles,
                  Op op, Acc init, bool has_init) {
  constexpr int I = scan_items<Acc>();
  constexpr bool STRIPED = HIPCUB_SCAN_STRIPED != 0;
  constexpr size_t BI = VIN && STRIPED ? item_bytes<In>() : 0;
  constexpr size_t BO = VOUT && STRIPED ? item_bytes<Out>() : 0;
  __shared__ tile_stage<I, (BI > BO ? BI : BO)> stage;
  __shared__ slots<Acc> warp_total;  // THREADS / 32 used at most
  __shared__ slots<Acc> tile_prefix;
  tile_status<Acc> st(status, tiles);
  int ws = warpSize, lane = threadIdx.x % ws, w = threadIdx.x / ws;
  int nw = THREADS / ws;
  long long tile = blockIdx.x;
  long long wb = tile * THREADS * I + (long long)w * ws * I;
  long long b = wb + (long long)lane * I;
  bool full = (tile + 1) * THREADS * I <= n;
  Acc v[I];
  if (full) {
    if constexpr (VIN && STRIPED) {
      using T = typename pointee<In>::type;
      T* mine = reinterpret_cast<T*>(stage.bytes) + (long long)w * ws * I;
      load_striped<I>(in + wb, v, mine, lane);
    } else {
      load_run<I, VIN>(in, b, v);
    }
  } else {
    // past the end: copies of the last item (never combined into an
    // item that is written)
#pragma unroll
    for (int k = 0; k < I; ++k)
      v[k] = static_cast<Acc>(in[b + k < n ? b + k : n - 1]);
  }
  Acc t = v[0];
#pragma unroll
  for (int k = 1; k < I; ++k) t = op(t, v[k]);
  Acc inc = warp_inclusive(t, lane, op);
  Acc lane_excl = shfl_up_any(inc, 1);
  if (lane == ws - 1) warp_total.get()[w] = inc;
  __syncthreads();
  Acc* wt = warp_total.get();
  Acc warp_excl = wt[0];
  for (int x = 1; x < w; ++x) warp_excl = op(warp_excl, wt[x]);
  if (w == 0) {
    Acc agg = wt[0];
    for (int x = 1; x < nw; ++x) agg = op(agg, wt[x]);
    if (tile == 0) {
      if (lane == 0) {
        st.publish(0, TILE_PREFIX, has_init ? op(init, agg) : agg);
        tile_prefix.get()[0] = init;
      }
    } else {
      if (lane == 0) st.publish(tile, TILE_AGGREGATE, agg);
      Acc excl = look_back<Acc>(st, tile, lane, op);
      if (lane == 0) {
        st.publish(tile, TILE_PREFIX, op(excl, agg));
        tile_prefix.get()[0] = excl;
      }
    }
  }
  __syncthreads();
  bool have = tile > 0 || has_init;
  Acc run = tile_prefix.get()[0];
  if (w > 0) run = have ? op(run, warp_excl) : warp_excl;
  have = have || w > 0;
  if (lane > 0) run = have ? op(run, lane_excl) : lane_excl;
  have = have || lane > 0;
  if (!have) run = init;
#pragma unroll
  for (int k = 0; k < I; ++k) {
    Acc x = v[k];
    if (INCLUSIVE) {
      run = (have || k > 0) ? op(run, x) : x;
      v[k] = run;
    } else {
      v[k] = run;
      run = op(run, x);
    }
  }
  if (full) {
    if constexpr (VOUT && STRIPED) {
      using T = typename pointee<Out>::type;
      T* mine = reinterpret_cast<T*>(stage.bytes) + (long long)w * ws * I;
      store_striped<I>(out + wb, v, mine, lane);
    } else {
      store_run<I, VOUT>(out, b, v);
    }
  } else {
#pragma unroll
    for (int k = 0; k < I; ++k)
      if (b + k < n) out[b + k] = v[k];
  }
}

// Whether full tiles of `p` can move as vectors.
template <int I, typename It>
constexpr bool scan_vector_type() {
#if HIPCUB_SCAN_STRIPED
  using T = typename pointee<It>::type;
  if constexpr (std::is_void<T>::value) return false;
  else return striped_type_ok<T>();
#else
  return vector_type_ok<I, It>();
#endif
}
template <int I, typename It>
inline bool scan_vector(It p) {
  if constexpr (scan_vector_type<I, It>())
    return reinterpret_cast<uintptr_t>(p) % 16 == 0;
  else
    return false;
}

// `status` holds scan_status_bytes<Acc>(n) bytes.
template <bool INCLUSIVE, typename In, typename Out, typename Op,
          typename Acc>
inline void scan(void* status, In in, Out out, long long n, Op op, Acc init,
                 bool has_init, hipStream_t stream) {
  constexpr int I = scan_items<Acc>();
  long long tiles = scan_tiles_of<Acc>(n);
  hipMemsetAsync(status, 0, tile_status<Acc>::zeroed(tiles), stream);
  bool vin = scan_vector<I>(in), vout = scan_vector<I>(out);
  if (vin && vout)
    scan_one_pass<INCLUSIVE, scan_vector_type<I, In>(),
                  scan_vector_type<I, Out>(), In, Out, Acc>
        <<<(unsigned)tiles, THREADS, 0, stream>>>(in, out, n, status, tiles,
                                                   op, init, has_init);
  else
    scan_one_pass<INCLUSIVE, false, false, In, Out, Acc>
        <<<(unsigned)tiles, THREADS, 0, stream>>>(in, out, n, status, tiles,
                                                   op, init, has_init);
}

}  // namespace gpu
}  // namespace detail
END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_DETAIL_GPU_SCAN_HPP
