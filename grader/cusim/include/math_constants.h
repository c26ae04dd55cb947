// The simulator's stand-in for CUDA's math_constants.h: the constants labs use, with CUDA's names.
#pragma once

#include <cmath>
#include <limits>

#define CUDART_INF_F std::numeric_limits<float>::infinity()
#define CUDART_NAN_F std::numeric_limits<float>::quiet_NaN()
#define CUDART_MAX_NORMAL_F std::numeric_limits<float>::max()
#define CUDART_MIN_DENORM_F std::numeric_limits<float>::denorm_min()
#define CUDART_PI_F 3.141592654f
#define CUDART_SQRT_HALF_F 0.707106781f
#define CUDART_INF std::numeric_limits<double>::infinity()
#define CUDART_NAN std::numeric_limits<double>::quiet_NaN()
#define CUDART_PI 3.1415926535897931e+0
