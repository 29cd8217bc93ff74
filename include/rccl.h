#include "rccl/rccl.h"
