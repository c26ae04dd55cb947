// cusim: <cooperative_groups/scan.h>, which cooperative_groups.h defines in full for the simulator.
#pragma once

#include "../cooperative_groups.h"
