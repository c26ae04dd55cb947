// Whether one call, counted by the simulator at two sizes (the efficiency recount, pipeline/grader_efficiency.cc),
// ran the same code at both. An honest kernel does at any size: the same kernels (the launch account's names,
// model/launch_account.h), shared memory at both sizes or at neither, and global accesses that coalesce alike
// (sectors over the fewest their widths need, within kMostCoalescingChange). A file that runs a tiled kernel at
// the listed size and a naive one elsewhere differs in all three, or, with both paths in one kernel, in the
// last two.
#pragma once

#include <string>

namespace cudagrade {

// How much the call's sectors over the fewest may change between two sizes of the same code. The references
// and examples of the shipped labs change by at most 10% between a size and the recount's (0.5 to 0.9 of it);
// a naive matmul reads 0.5 of the fewest (a warp's B row is one broadcast), the tiled one 1.
inline constexpr double kMostCoalescingChange = 1.5;

// A counted reply's two fields: "launches" (the account) and "kernels" (check/modelled_time.h's records).
struct CountedCall {
  std::string launches;
  std::string kernels;
};

// Empty when the two counts look like the same code; else what differed, for the report ("it launched {naive}
// there and {tiled} at the listed size"). A field that cannot be read is no evidence.
std::string code_difference(const CountedCall& listed, const CountedCall& other);

}  // namespace cudagrade
