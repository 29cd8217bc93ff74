/* thrust/system/hip/detail/temporary_buffer.h: the hip system keeps the
 * CPP system's temporary buffers (host memory). */
#pragma once
