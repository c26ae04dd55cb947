// Fills a declared lab's input buffers from the case's seed: every generator the format names, the same
// values on every machine for a given seed (core/random.h's SplitMix64, never std:: distributions).
#pragma once

#include <filesystem>

#include "core/random.h"
#include "labdef/declaration.h"
#include "model/testcase.h"
#include "model/workload.h"

namespace cudagrade {

// Fills buffer.bytes (already sized) as `generator` says; `distribution` is the case's, for Kind::kCase;
// `folder` is the lab's, for Kind::kFile; `earlier` holds the buffers made before this one, for
// Kind::kCsrColumns (whose row offsets are one of them). Throws std::runtime_error for a file that cannot be
// read or offsets that do not fit, which is the lab's fault and surfaces through `cudagrade lab check`.
void generate_input(const Generator& generator, ScalarType type, Distribution distribution,
                    const std::filesystem::path& folder, std::span<const HostBuffer> earlier, SplitMix64& random,
                    HostBuffer& buffer);

// Whether `kind` draws every element alone from one law (so that elements of two sets can be mixed into valid
// inputs, model/sample_mixing.h), rather than making a structure: a permutation, a sorted run, a CSR matrix.
bool draws_each_element_alone(Generator::Kind kind);

}  // namespace cudagrade
