/* hipcc: the compiler driver of hipc. See docs/internals.md. */
#include "driver.h"
#include "options.h"

int main(int argc, char **argv) {
  struct hipcc_options o;
  hipc__options_parse(argc, argv, &o);
  int rc = hipc__driver_run(&o);
  hipc__options_free(&o);
  return rc;
}
