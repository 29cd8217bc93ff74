/* Reference for bench/thrust/thrust_sort.hip: the same threaded sort as
 * hipcub_sort's (the same keys). */
#include "hipcub_sort.c"
