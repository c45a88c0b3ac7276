/* A stand-in for libcuda.so.1 for the CUDA plugin tests on machines without
 * a GPU (LIBOMPTARGET_CUDA_LIBRARY points the plugin at it). FAKE_CUDA:
 *   nodevice  cuInit fails with CUDA_ERROR_NO_DEVICE, as on a machine with a
 *             driver but no GPU
 *   old       cuInit succeeds but the library lacks the other entry points,
 *             as an outdated driver would */
#include <stdlib.h>
#include <string.h>

int cuInit(unsigned Flags) {
  const char *Mode = getenv("FAKE_CUDA");
  (void)Flags;
  return Mode && strcmp(Mode, "nodevice") == 0 ? 100 : 0;
}

int cuGetErrorName(int Err, const char **Out) {
  if (Err != 100)
    return 1;
  *Out = "CUDA_ERROR_NO_DEVICE";
  return 0;
}

int cuGetErrorString(int Err, const char **Out) {
  if (Err != 100)
    return 1;
  *Out = "no CUDA-capable device is detected";
  return 0;
}
