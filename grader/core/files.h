// Reading a whole file: the one way every part of the grader does it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace cudagrade {

// The file's bytes, or nullopt when it cannot be opened or read.
std::optional<std::string> try_read_file(const std::filesystem::path& path);

// The file's bytes; throws std::runtime_error naming the file when it cannot be read.
std::string read_file(const std::filesystem::path& path);

// Writes the file whole or not at all: a temporary file, fsync, rename, fsync of the folder. A process
// killed at any moment leaves either the old contents or the new.
void write_atomically(const std::filesystem::path& path, const std::string& contents);

}  // namespace cudagrade
