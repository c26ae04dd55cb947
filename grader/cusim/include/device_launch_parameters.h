// The simulator's stand-in for CUDA's device_launch_parameters.h: everything lives in cusim.h.
#pragma once
#include "cusim.h"
