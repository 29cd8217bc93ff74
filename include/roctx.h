/* roctx: markers and ranges that a program puts on its own timeline
 * (ROCm's ROC-TX API). In hipc they show up in the trace that HIPC_TRACE
 * writes (README "Timeline"); without it they only keep count of the
 * ranges. The functions are in libhipc; -lroctx64 links them too, as on
 * ROCm. Also included as <roctracer/roctx.h>. */
#ifndef HIPC_ROCTX_H
#define HIPC_ROCTX_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ROCTX_API __attribute__((visibility("default")))

typedef uint64_t roctx_range_id_t;
typedef uint64_t roctx_thread_id_t;

/* An instant marker with `message`. */
ROCTX_API void roctxMarkA(const char* message);
/* Starts a range nested in the calling thread's open ones: returns its
 * level (0 for the outermost). */
ROCTX_API int roctxRangePushA(const char* message);
/* Ends the thread's innermost open range: returns the level it was
 * started at, or -1 when none is open. */
ROCTX_API int roctxRangePop(void);
/* Starts a range that any thread may stop: returns its id (never 0). */
ROCTX_API roctx_range_id_t roctxRangeStartA(const char* message);
/* Stops the range `id` (an unknown or stopped id is ignored). */
ROCTX_API void roctxRangeStop(roctx_range_id_t id);
/* Stop / resume recording markers, ranges and API calls in the trace
 * (`tid` is not looked at: recording is per process). Return 0. */
ROCTX_API int roctxProfilerPause(roctx_thread_id_t tid);
ROCTX_API int roctxProfilerResume(roctx_thread_id_t tid);
/* Names the calling thread's track in the trace. Returns 0. */
ROCTX_API int roctxNameOsThread(const char* name);
/* The calling thread's id (its Linux thread id). Returns 0. */
ROCTX_API int roctxGetThreadId(roctx_thread_id_t* tid);

#define roctxMark(message) roctxMarkA(message)
#define roctxRangePush(message) roctxRangePushA(message)
#define roctxRangeStart(message) roctxRangeStartA(message)

#ifdef __cplusplus
}
#endif

#endif /* HIPC_ROCTX_H */
