// hipDrvGraphAddMemsetNode and hipDrvGraphAddMemcpyNode: a 2D fill of
// 2-byte elements into pitched device memory and a pitched copy of a
// window of it back to the host (offsets in bytes and rows), run as a
// graph; the values match the host's own computation. NULL parameters,
// the fill node's checks (element size 3) and AMD's copy checks (pitch,
// rows, slices) are hipErrorInvalidValue.
#include "common.h"

int main() {
  const size_t w = 16, h = 8; // elements, rows
  unsigned short* d;
  size_t pitch;
  HIP_CHECK(hipMallocPitch(reinterpret_cast<void**>(&d), &pitch, w * 2, h));
  HIP_CHECK(hipMemset2D(d, pitch, 0, w * 2, h));
  hipCtx_t ctx;
  HIP_CHECK(hipCtxGetCurrent(&ctx));
  hipGraph_t g;
  HIP_CHECK(hipGraphCreate(&g, 0));

  HIP_MEMSET_NODE_PARAMS mp;
  memset(&mp, 0, sizeof mp);
  mp.dst = d;
  mp.pitch = pitch;
  mp.value = 0xBEEF;
  mp.elementSize = 2;
  mp.width = w / 2; // the left half of each row
  mp.height = h;
  hipGraphNode_t fill, copy, x;
  HIP_CHECK(hipDrvGraphAddMemsetNode(&fill, g, nullptr, 0, &mp, ctx));
  CHECK_EQ(hipDrvGraphAddMemsetNode(&x, g, nullptr, 0, nullptr, ctx), hipErrorInvalidValue);
  mp.elementSize = 3;
  CHECK_EQ(hipDrvGraphAddMemsetNode(&x, g, nullptr, 0, &mp, ctx), hipErrorInvalidValue);

  // Rows 2..5, bytes 4..27 of each (elements 2..13) into a packed buffer.
  const size_t cw = 24, ch = 4;
  unsigned char out[cw * ch];
  memset(out, 0x11, sizeof out);
  HIP_MEMCPY3D c;
  memset(&c, 0, sizeof c);
  c.srcMemoryType = hipMemoryTypeDevice;
  c.srcDevice = d;
  c.srcPitch = pitch;
  c.srcHeight = h;
  c.srcXInBytes = 4;
  c.srcY = 2;
  c.dstMemoryType = hipMemoryTypeHost;
  c.dstHost = out;
  c.dstPitch = cw;
  c.dstHeight = ch;
  c.WidthInBytes = cw;
  c.Height = ch;
  c.Depth = 1;
  // AMD's checks: a pitch under the width, rows past the side's height, a
  // slice past the allocation.
  HIP_MEMCPY3D bad = c;
  bad.dstPitch = cw - 1;
  CHECK_EQ(hipDrvGraphAddMemcpyNode(&x, g, nullptr, 0, &bad, ctx), hipErrorInvalidValue);
  bad = c;
  bad.srcY = h - ch + 1;
  CHECK_EQ(hipDrvGraphAddMemcpyNode(&x, g, nullptr, 0, &bad, ctx), hipErrorInvalidValue);
  bad = c;
  bad.srcZ = 1;
  CHECK_EQ(hipDrvGraphAddMemcpyNode(&x, g, nullptr, 0, &bad, ctx), hipErrorInvalidValue);
  HIP_CHECK(hipDrvGraphAddMemcpyNode(&copy, g, &fill, 1, &c, ctx));
  CHECK_EQ(hipDrvGraphAddMemcpyNode(&x, g, nullptr, 0, nullptr, ctx), hipErrorInvalidValue);
  hipGraphNodeType t;
  HIP_CHECK(hipGraphNodeGetType(copy, &t));
  CHECK_EQ(t, hipGraphNodeTypeMemcpy);

  hipGraphExec_t ge;
  HIP_CHECK(hipGraphInstantiate(&ge, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(ge, 0));
  HIP_CHECK(hipStreamSynchronize(0));
  for (size_t r = 0; r < ch; ++r)
    for (size_t e = 0; e < cw / 2; ++e) {
      unsigned short v;
      memcpy(&v, out + r * cw + e * 2, 2);
      size_t col = 2 + e; // element index in the source row
      CHECK_EQ(v, (unsigned short)(col < w / 2 ? 0xBEEF : 0));
    }
  HIP_CHECK(hipGraphExecDestroy(ge));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipFree(d));
  printf("graph_drv_nodes: ok\n");
  return 0;
}
