// readelf's and nm's listings for the object checks' tests: objects captured from g++ and nvcc 13
// (tests/data/readelf/, made with `readelf -W -S -s -r`), and real objects compiled here with g++.
#pragma once

#include <string>
#include <vector>

#include "compile/elf_listing.h"
#include "compile/symbol_policy.h"

namespace cudagrade::testing {

// tests/data/readelf/<name>, parsed.
ElfListing captured_listing(const std::string& name);

// `source` compiled by g++ -std=c++17 -O2 with `flags`, listed and parsed; a failed compile fails the test.
ElfListing listing_of_source(const std::string& source, const std::vector<std::string>& flags = {});

// The same object's symbols, as the object check reads them (nm --format=posix).
ObjectSymbols symbols_of_source(const std::string& source, const std::vector<std::string>& flags = {});

}  // namespace cudagrade::testing
