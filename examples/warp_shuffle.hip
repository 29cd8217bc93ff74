// Matrix transpose with warp shuffles: the program behind `make run`.
//
// One block of width*width threads holds a width x width matrix, one element
// per lane. Lane (row, col) needs the element at (col, row), which another
// lane of the same warp holds: __shfl fetches it without shared memory. The
// block is smaller than a warp, so part of the warp simply stays idle.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(expr)                                                  \
  do {                                                                   \
    hipError_t err_ = (expr);                                            \
    if (err_ != hipSuccess) {                                            \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, \
                   hipGetErrorString(err_));                             \
      std::exit(EXIT_FAILURE);                                           \
    }                                                                    \
  } while (0)

__global__ void transpose_kernel(float* out, const float* in,
                                 unsigned width) {
  const unsigned lane = threadIdx.x;
  const float value = in[lane];
  // Lane (row, col) = (lane / width, lane % width) takes (col, row).
  const unsigned src = (lane % width) * width + lane / width;
  out[lane] = __shfl(value, static_cast<int>(src));
}

int main() {
  constexpr unsigned width = 4;
  constexpr unsigned size = width * width;

  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  if (size > static_cast<unsigned>(props.warpSize)) {
    std::fprintf(stderr, "the matrix does not fit in one warp of %d\n",
                 props.warpSize);
    return EXIT_FAILURE;
  }

  std::vector<float> matrix(size), transposed(size);
  for (unsigned i = 0; i < size; ++i) matrix[i] = static_cast<float>(i);

  float *d_in, *d_out;
  HIP_CHECK(hipMalloc(&d_in, size * sizeof(float)));
  HIP_CHECK(hipMalloc(&d_out, size * sizeof(float)));
  HIP_CHECK(hipMemcpy(d_in, matrix.data(), size * sizeof(float),
                      hipMemcpyHostToDevice));

  std::printf("Transposing a %ux%u matrix with __shfl on \"%s\" "
              "(warp size %d)\n",
              width, width, props.name, props.warpSize);
  transpose_kernel<<<dim3(1), dim3(size), 0, hipStreamDefault>>>(d_out, d_in,
                                                                 width);
  HIP_CHECK(hipGetLastError());

  HIP_CHECK(hipMemcpy(transposed.data(), d_out, size * sizeof(float),
                      hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_out));

  unsigned errors = 0;
  for (unsigned row = 0; row < width; ++row) {
    for (unsigned col = 0; col < width; ++col) {
      float want = matrix[col * width + row];
      float got = transposed[row * width + col];
      std::printf("%5.0f%s", got, col + 1 == width ? "\n" : " ");
      if (got != want) ++errors;
    }
  }
  if (errors) {
    std::printf("Validation failed: %u elements differ\n", errors);
    return EXIT_FAILURE;
  }
  std::printf("Validation passed.\n");
  return EXIT_SUCCESS;
}
