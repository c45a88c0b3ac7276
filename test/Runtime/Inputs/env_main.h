/* One launch of k_add on x, with the host fallback run when asked. */
#include "harness.h"

int main(void) {
  int X[2] = {1, 1};
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, X, X, sizeof(X), TOFROM | PARAM, "x");
  maps_add(&M, (void *)2L, (void *)2L, 0, LIT, "n");
  printf("devices=%d\n", omp_get_num_devices());
  fflush(stdout);
  if (__cot_target_launch(TEST_DEVICE, (void *)TEST_FN, L,
                          PARAMS(2), LOC(33)))
    TEST_FN(M.Bases);
  printf("x=%d\n", X[0]);
  return 0;
}
