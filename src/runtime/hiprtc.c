/* hiprtc's program object and API (include/hip/hiprtc.h); the compile
 * itself is hiprtc_compile.c. */
#include "hiprtc_internal.h"

#include <stdlib.h>
#include <string.h>

static char* dup_str(const char* s) {
  size_t n = strlen(s) + 1;
  char* d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

static int valid(hiprtcProgram p) { return p && p->magic == HIPRTC_MAGIC; }

const char* hiprtcGetErrorString(hiprtcResult result) {
  switch (result) {
    case HIPRTC_SUCCESS: return "HIPRTC_SUCCESS";
    case HIPRTC_ERROR_OUT_OF_MEMORY: return "HIPRTC_ERROR_OUT_OF_MEMORY";
    case HIPRTC_ERROR_PROGRAM_CREATION_FAILURE:
      return "HIPRTC_ERROR_PROGRAM_CREATION_FAILURE";
    case HIPRTC_ERROR_INVALID_INPUT: return "HIPRTC_ERROR_INVALID_INPUT";
    case HIPRTC_ERROR_INVALID_PROGRAM: return "HIPRTC_ERROR_INVALID_PROGRAM";
    case HIPRTC_ERROR_INVALID_OPTION: return "HIPRTC_ERROR_INVALID_OPTION";
    case HIPRTC_ERROR_COMPILATION: return "HIPRTC_ERROR_COMPILATION";
    case HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE:
      return "HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE";
    case HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION:
      return "HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION";
    case HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION:
      return "HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION";
    case HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID:
      return "HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID";
    case HIPRTC_ERROR_INTERNAL_ERROR: return "HIPRTC_ERROR_INTERNAL_ERROR";
    case HIPRTC_ERROR_LINKING: return "HIPRTC_ERROR_LINKING";
  }
  return "Invalid HIPRTC error code";
}

/* hipc's version, as hipRuntimeGetVersion reports it (6.2). */
hiprtcResult hiprtcVersion(int* major, int* minor) {
  if (!major || !minor) return HIPRTC_ERROR_INVALID_INPUT;
  *major = 6;
  *minor = 2;
  return HIPRTC_SUCCESS;
}

void hipc__rtc_free(hiprtcProgram p) {
  free(p->src);
  free(p->name);
  for (int i = 0; i < p->nheaders; ++i) {
    free(p->headers[i]);
    free(p->header_names[i]);
  }
  free(p->headers);
  free(p->header_names);
  for (size_t i = 0; i < p->nexprs; ++i) {
    free(p->exprs[i].text);
    free(p->exprs[i].lowered);
  }
  free(p->exprs);
  free(p->code);
  free(p->log);
  p->magic = 0;
  free(p);
}

hiprtcResult hiprtcCreateProgram(hiprtcProgram* prog, const char* src,
                                 const char* name, int numHeaders,
                                 const char** headers,
                                 const char** includeNames) {
  if (!prog) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!src || numHeaders < 0 ||
      (numHeaders > 0 && (!headers || !includeNames)))
    return HIPRTC_ERROR_INVALID_INPUT;
  for (int i = 0; i < numHeaders; ++i)
    if (!headers[i] || !includeNames[i] || !*includeNames[i])
      return HIPRTC_ERROR_INVALID_INPUT;
  hiprtcProgram p = calloc(1, sizeof *p);
  if (!p) return HIPRTC_ERROR_OUT_OF_MEMORY;
  p->magic = HIPRTC_MAGIC;
  p->src = dup_str(src);
  p->name = dup_str(name && *name ? name : "hiprtc_program.hip");
  p->nheaders = numHeaders;
  if (numHeaders) {
    p->headers = calloc((size_t)numHeaders, sizeof *p->headers);
    p->header_names = calloc((size_t)numHeaders, sizeof *p->header_names);
  }
  int ok = p->src && p->name && (!numHeaders || (p->headers && p->header_names));
  for (int i = 0; ok && i < numHeaders; ++i) {
    p->headers[i] = dup_str(headers[i]);
    p->header_names[i] = dup_str(includeNames[i]);
    ok = p->headers[i] && p->header_names[i];
  }
  if (!ok) {
    if (!p->headers || !p->header_names) p->nheaders = 0;
    hipc__rtc_free(p);
    return HIPRTC_ERROR_OUT_OF_MEMORY;
  }
  *prog = p;
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcDestroyProgram(hiprtcProgram* prog) {
  if (!prog) return HIPRTC_ERROR_INVALID_INPUT;
  if (!valid(*prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  hipc__rtc_free(*prog);
  *prog = NULL;
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog,
                                     const char* name_expression) {
  if (!valid(prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!name_expression || !*name_expression) return HIPRTC_ERROR_INVALID_INPUT;
  if (prog->compiled) return HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION;
  if (prog->nexprs == prog->capexprs) {
    size_t c = prog->capexprs ? prog->capexprs * 2 : 8;
    hipc_rtc_expr* e = realloc(prog->exprs, c * sizeof *e);
    if (!e) return HIPRTC_ERROR_OUT_OF_MEMORY;
    prog->exprs = e;
    prog->capexprs = c;
  }
  char* t = dup_str(name_expression);
  if (!t) return HIPRTC_ERROR_OUT_OF_MEMORY;
  prog->exprs[prog->nexprs++] = (hipc_rtc_expr){t, NULL};
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog,
                                  const char* name_expression,
                                  const char** lowered_name) {
  if (!valid(prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!name_expression || !lowered_name) return HIPRTC_ERROR_INVALID_INPUT;
  if (!prog->compiled) return HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
  for (size_t i = 0; i < prog->nexprs; ++i)
    if (strcmp(prog->exprs[i].text, name_expression) == 0) {
      if (!prog->exprs[i].lowered) break;
      *lowered_name = prog->exprs[i].lowered;
      return HIPRTC_SUCCESS;
    }
  return HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID;
}

hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t* logSizeRet) {
  if (!valid(prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!logSizeRet) return HIPRTC_ERROR_INVALID_INPUT;
  *logSizeRet = prog->log_size ? prog->log_size + 1 : 0;
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char* log) {
  if (!valid(prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!log) return HIPRTC_ERROR_INVALID_INPUT;
  if (prog->log_size) {
    memcpy(log, prog->log, prog->log_size);
    log[prog->log_size] = 0;
  }
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t* codeSizeRet) {
  if (!valid(prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!codeSizeRet) return HIPRTC_ERROR_INVALID_INPUT;
  *codeSizeRet = prog->code_size;
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcGetCode(hiprtcProgram prog, char* code) {
  if (!valid(prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (!code) return HIPRTC_ERROR_INVALID_INPUT;
  if (prog->code_size) memcpy(code, prog->code, prog->code_size);
  return HIPRTC_SUCCESS;
}
