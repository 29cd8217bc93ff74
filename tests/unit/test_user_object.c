/* User objects: the destructor runs once, when the references (the
 * program's and graphs') reach zero; retaining with and without
 * hipGraphUserObjectMove; a graph's destruction releasing what it holds;
 * releases past zero accepted (AMD's answer); argument checks. */
#include <limits.h>

#include "check.h"

static int destroyed[4];

static void destroy(void* p) { destroyed[*(int*)p]++; }

int main(void) {
  int ids[4] = {0, 1, 2, 3};
  hipUserObject_t o;
  /* The program's references alone. */
  CHECK_ERR(hipUserObjectCreate(&o, &ids[0], destroy, 2,
                                hipUserObjectNoDestructorSync),
            hipSuccess);
  CHECK_ERR(hipUserObjectRetain(o, 3), hipSuccess);
  CHECK_ERR(hipUserObjectRelease(o, 4), hipSuccess);
  CHECK_EQ(destroyed[0], 0);
  CHECK_ERR(hipUserObjectRelease(o, 1), hipSuccess);
  CHECK_EQ(destroyed[0], 1);
  CHECK_ERR(hipUserObjectRelease(o, 1), hipSuccess); /* past zero */
  CHECK_ERR(hipUserObjectRetain(o, 1), hipSuccess);
  CHECK_ERR(hipUserObjectRelease(o, 1), hipSuccess);
  CHECK_EQ(destroyed[0], 1); /* once */

  /* A graph's references: without Move the graph adds its own; the
   * object lives until the graph is destroyed. */
  hipGraph_t g;
  CHECK_ERR(hipGraphCreate(&g, 0), hipSuccess);
  CHECK_ERR(hipUserObjectCreate(&o, &ids[1], destroy, 1,
                                hipUserObjectNoDestructorSync),
            hipSuccess);
  CHECK_ERR(hipGraphRetainUserObject(g, o, 2, 0), hipSuccess);
  CHECK_ERR(hipUserObjectRelease(o, 1), hipSuccess);
  CHECK_EQ(destroyed[1], 0);
  CHECK_ERR(hipGraphReleaseUserObject(g, o, 1), hipSuccess);
  CHECK_EQ(destroyed[1], 0);
  CHECK_ERR(hipGraphDestroy(g), hipSuccess); /* its last reference */
  CHECK_EQ(destroyed[1], 1);

  /* With Move the caller's reference goes to the graph. */
  CHECK_ERR(hipGraphCreate(&g, 0), hipSuccess);
  CHECK_ERR(hipUserObjectCreate(&o, &ids[2], destroy, 1,
                                hipUserObjectNoDestructorSync),
            hipSuccess);
  CHECK_ERR(hipGraphRetainUserObject(g, o, 1, hipGraphUserObjectMove),
            hipSuccess);
  CHECK_EQ(destroyed[2], 0);
  CHECK_ERR(hipGraphReleaseUserObject(g, o, 1), hipSuccess);
  CHECK_EQ(destroyed[2], 1);
  /* Released past what the graph holds, then by the program: accepted. */
  CHECK_ERR(hipGraphReleaseUserObject(g, o, INT_MAX), hipSuccess);
  CHECK_ERR(hipUserObjectRelease(o, 1), hipSuccess);
  CHECK_ERR(hipGraphDestroy(g), hipSuccess);
  CHECK_EQ(destroyed[2], 1);

  /* Errors. */
  CHECK_ERR(hipGraphCreate(&g, 0), hipSuccess);
  CHECK_ERR(hipUserObjectCreate(&o, &ids[3], destroy, 1,
                                hipUserObjectNoDestructorSync),
            hipSuccess);
  hipUserObject_t bad;
  CHECK_ERR(hipUserObjectCreate(NULL, &ids[3], destroy, 1,
                                hipUserObjectNoDestructorSync),
            hipErrorInvalidValue);
  CHECK_ERR(hipUserObjectCreate(&bad, &ids[3], NULL, 1,
                                hipUserObjectNoDestructorSync),
            hipErrorInvalidValue);
  CHECK_ERR(hipUserObjectCreate(&bad, &ids[3], destroy, 0,
                                hipUserObjectNoDestructorSync),
            hipErrorInvalidValue);
  CHECK_ERR(hipUserObjectCreate(&bad, &ids[3], destroy, 1, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipUserObjectCreate(&bad, &ids[3], destroy, 1, 9),
            hipErrorInvalidValue);
  CHECK_ERR(hipUserObjectRetain(NULL, 1), hipErrorInvalidValue);
  CHECK_ERR(hipUserObjectRetain(o, 0), hipErrorInvalidValue);
  CHECK_ERR(hipUserObjectRelease(NULL, 1), hipErrorInvalidValue);
  CHECK_ERR(hipUserObjectRelease(o, 0), hipErrorInvalidValue);
  CHECK_ERR(hipUserObjectRelease((hipUserObject_t)&ids[0], 1),
            hipErrorInvalidValue);
  CHECK_ERR(hipGraphRetainUserObject(NULL, o, 1, 0), hipErrorInvalidValue);
  CHECK_ERR(hipGraphRetainUserObject(g, NULL, 1, 0), hipErrorInvalidValue);
  CHECK_ERR(hipGraphRetainUserObject(g, o, 0, 0), hipErrorInvalidValue);
  CHECK_ERR(hipGraphRetainUserObject(g, o, 1, INT_MAX), hipErrorInvalidValue);
  CHECK_ERR(hipGraphReleaseUserObject(NULL, o, 1), hipErrorInvalidValue);
  CHECK_ERR(hipGraphReleaseUserObject(g, NULL, 1), hipErrorInvalidValue);
  CHECK_ERR(hipGraphReleaseUserObject(g, o, 0), hipErrorInvalidValue);
  CHECK_EQ(destroyed[3], 0); /* nothing refused touched it */
  CHECK_ERR(hipUserObjectRelease(o, 1), hipSuccess);
  CHECK_EQ(destroyed[3], 1);
  CHECK_ERR(hipGraphDestroy(g), hipSuccess);
  return check_summary("test_user_object");
}
