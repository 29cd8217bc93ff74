/* Running a batch: what every transport shares. An average is a sum
 * divided by the number of ranks afterwards; a pre-multiplied sum scales
 * this rank's input into a scratch buffer first (the scalar read now when
 * it lives in device memory, i.e. in stream order). */
#include <stdlib.h>

#include "internal.h"

/* Elements of this rank's input that a reduction reads. */
static size_t input_count(const ncclComm_t comm, const rccl_op* o) {
  return o->kind == OP_REDUCESCATTER ? o->count * (size_t)comm->nranks
                                     : o->count;
}

static int is_reduction(const rccl_op* o) {
  return o->kind == OP_ALLREDUCE || o->kind == OP_REDUCE ||
         o->kind == OP_REDUCESCATTER;
}

ncclResult_t rccl__exec(ncclComm_t comm, rccl_op* ops) {
  for (rccl_op* o = ops; o; o = o->next) {
    if (!is_reduction(o)) continue;
    if (o->op == ncclAvg) {
      o->op = ncclSum;
      o->avg = 1;
    }
    if (!o->premul) continue;
    size_t n = input_count(comm, o);
    o->temp = malloc(n * rccl__type_size(o->type) + 1);
    if (!o->temp) return rccl__fail(ncclSystemError, "out of memory");
    rccl__scale(o->temp, o->send, n, o->type,
                o->scalar_ptr ? o->scalar_ptr : o->scalar);
    o->send = o->temp;
  }
  ncclResult_t r = comm->tr->run(comm, ops);
  if (r != ncclSuccess) return r;
  for (rccl_op* o = ops; o; o = o->next) {
    if (!o->avg || (o->kind == OP_REDUCE && comm->rank != o->root))
      continue;
    rccl__divide(o->recv, o->count, o->type, comm->nranks);
  }
  return ncclSuccess;
}

void rccl__ops_free(rccl_op* ops) {
  while (ops) {
    rccl_op* next = ops->next;
    free(ops->temp);
    free(ops->v);
    free(ops);
    ops = next;
  }
}
