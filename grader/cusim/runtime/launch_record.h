// The launches and copies of the student's call, counted as the GPU runner counts them
// (model/launch_account.h), for the grader to compare between the two backends. The simulator's runner starts
// the count before the call, stops it after (before the harness downloads the outputs with cudaMemcpy of its
// own) and takes it when it replies (harness/sim_runner_main.cc); every launch, a refused one too, counts.
#pragma once

#include <string>

#include "model/launch_account.h"

namespace cusim::launches {

void start();
void stop();
// A copy or memset the file called, through `entry` (never one the runtime makes for it, such as a 2-D copy's
// rows).
void note_copy(cudagrade::CopyEntry entry, int kind, size_t bytes);
// the account's text (LaunchAccount::text), and counting stops; empty when it was not started since the last take().
std::string take();

}  // namespace cusim::launches
