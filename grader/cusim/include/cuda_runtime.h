// The simulator's stand-in for CUDA's cuda_runtime.h: everything lives in cusim.h.
#pragma once
#include "cusim.h"
