// hipCUB's <hipcub/util_type.hpp>: the types (hipc keeps them in util/).
#include "hipcub/util/util_type.hpp"
