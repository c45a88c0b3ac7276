#include "clang-offload/High/High.h"
