/* The source rewriter of hipcc: turns preprocessed HIP C++ into plain C++.
 *
 * See docs/internals.md, "The rewrites", for the exact forms produced.
 */
#ifndef HIPC_HIPCC_REWRITE_H
#define HIPC_HIPCC_REWRITE_H

#include <stddef.h>

/** Rewrites the preprocessed C++ text `src` (`len` bytes, not necessarily
 * NUL-terminated; the output of `$HIPC_CXX -E`, with its `# LINE "file"`
 * markers).
 *
 * The result has exactly as many newlines as `src`, and every line marker is
 * kept, so diagnostics on the result name the user's file and line.
 *
 * \param out on success, a malloc'd NUL-terminated string.
 * \param out_len on success, the length of `*out`; may be NULL.
 * \param err on failure, a malloc'd message of the form
 *   `file:line: error: text` (no trailing newline).
 * \return 0 on success, -1 on failure.
 */
int hipc__rewrite_text(const char *src, size_t len, char **out,
                       size_t *out_len, char **err);

struct managed_vars;
/** hipc__rewrite_text that also records the `__managed__` variables the
 * text defines in `managed` (managed.h), when not NULL. */
int hipc__rewrite_text_managed(const char *src, size_t len, char **out,
                               size_t *out_len, char **err,
                               struct managed_vars *managed);

#endif /* HIPC_HIPCC_REWRITE_H */
