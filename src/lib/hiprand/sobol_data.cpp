// Joe and Kuo's Sobol parameters (S. Joe and F. Y. Kuo, "Constructing
// Sobol sequences with better two-dimensional projections", SIAM J. Sci.
// Comput. 30, 2635-2654, 2008; their file new-joe-kuo-6.21201), read from
// Boost's copy of the table (Debian's libboost-dev,
// boost/random/detail/sobol_table.hpp, dimensions 1 to 3667). Only this
// accessor is C++; sobol.c builds the direction vectors.
#include <boost/random/detail/sobol_table.hpp>

using table = boost::random::detail::qrng_tables::sobol;

// internal.h's HIPC_SOBOL_MAX_DIMS (that header needs the HIP headers,
// which this file, built by the C++ compiler, does without).
static_assert(table::max_dimension == 3667, "Boost's Sobol table changed size");

extern "C" unsigned int hipc__sobol_params(unsigned int dim, unsigned int* s,
                                           unsigned int* a,
                                           unsigned int m[32]) {
  if (dim < 2 || dim > table::max_dimension)
    return 0;
  // Boost stores the whole polynomial x^s + ... + 1 of dimension dim.
  unsigned int poly = table::polynomial(dim - 2);
  unsigned int degree = 0;
  while ((poly >> (degree + 1)) != 0)
    degree++;
  *s = degree;
  *a = (poly >> 1) & ((1u << (degree - 1)) - 1u);
  for (unsigned int k = 0; k < degree; k++)
    m[k] = table::minit(dim - 2, k);
  return 1;
}
