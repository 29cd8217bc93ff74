/* hiprtc's program object, shared by hiprtc.c (the API) and
 * hiprtc_compile.c (the compile). */
#ifndef HIPC_HIPRTC_INTERNAL_H
#define HIPC_HIPRTC_INTERNAL_H

#include <stddef.h>

#include "hip/hiprtc.h"

#define HIPRTC_MAGIC 0x68727463u /* "hrtc" */

typedef struct hipc_rtc_expr {
  char* text;    /* as given to hiprtcAddNameExpression */
  char* lowered; /* its mangled name, once compiled (NULL: not found) */
} hipc_rtc_expr;

struct _hiprtcProgram {
  unsigned magic;
  char* src;
  char* name;
  int nheaders;
  char** headers;
  char** header_names;
  hipc_rtc_expr* exprs;
  size_t nexprs, capexprs;
  int compiled; /* a compile succeeded */
  char* code;   /* the code object */
  size_t code_size;
  char* log;    /* hipcc's output, without a final NUL */
  size_t log_size;
};

void hipc__rtc_free(hiprtcProgram p);

#endif /* HIPC_HIPRTC_INTERNAL_H */
