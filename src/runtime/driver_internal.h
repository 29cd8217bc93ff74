/* Internal interface of the driver-style API families (contexts,
 * interprocess handles, virtual memory): what other runtime files need of
 * them. */
#ifndef HIPC_DRIVER_INTERNAL_H
#define HIPC_DRIVER_INTERNAL_H

#include "internal.h"

/* -- context.c */
/* The primary context of device `ordinal` (NULL for a bad ordinal). */
hipCtx_t hipc__ctx_primary(int ordinal);

#endif /* HIPC_DRIVER_INTERNAL_H */
