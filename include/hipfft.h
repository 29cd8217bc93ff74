#include "hipfft/hipfft.h"
