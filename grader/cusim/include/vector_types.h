// cusim: CUDA's <vector_types.h>. nvcc's cuda_runtime.h brings it into every file, so what it
// declares is cusim.h's here; a file may still include it by name, as old tutorials do.
#pragma once

#include "cusim.h"
