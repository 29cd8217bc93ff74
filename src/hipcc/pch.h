/* The CPU device pass's precompiled headers (docs/frontend.md, "The
 * precompiled header"): hip/hipc/nvptx_prelude.h and hip/hip_runtime.h as
 * clang parsed them for the device pass, made by `make` once per flavour
 * (-std=c++17, with and without -ffast-math), used where the user's flags
 * cannot change what the headers mean. */
#ifndef HIPC_HIPCC_PCH_H
#define HIPC_HIPCC_PCH_H

#include "options.h"

/* The precompiled header the CPU device pass of a source may include
 * (clang's -include-pch) instead of parsing the two headers, or NULL
 * where there is none for these flags or it may not be used: `o`'s
 * preprocessor flags define or undefine a name the headers spell, or add
 * an include directory that holds a `hip` directory; `o`'s device flags
 * hold -g, -fno-exceptions or -ffp-contract=; `std` is not -std=c++17;
 * HIPC_NO_PCH=1 or HIPC_CLANG is set; a header it was made from is newer
 * than it, or gone. `prefix` is hipc's installation; the result is
 * allocated. */
char *hipc__pch_device_find(const struct hipcc_options *o, const char *prefix,
                            const char *std);

/* After a device pass that used a PCH and wrote its stderr to `err_path`
 * with exit status `rc`: 1 where clang rejected the PCH (the pass is to
 * run again without it), else 0 after writing the messages to stderr,
 * each `from` written as `to`. */
int hipc__pch_report(const char *err_path, int rc, const char *from,
                     const char *to);

#endif /* HIPC_HIPCC_PCH_H */
