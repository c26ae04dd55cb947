// A buffer's elements as their raw bytes, whatever the element type's width (1, 4 or 8 bytes): the same
// bytes travel to the runner and back, and typed access goes through memcpy, never a cast of the storage.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "model/protocol.h"

namespace cudagrade {

using protocol::ElementType;

// An element's bits, zero-extended to 64: the unit every check compares and every message decodes.
inline uint64_t load_bits(const std::byte* element, size_t width) {
  switch (width) {
    case 1: return std::to_integer<uint64_t>(*element);
    case 8: {
      uint64_t bits;
      std::memcpy(&bits, element, sizeof bits);
      return bits;
    }
    default: {
      uint32_t bits;
      std::memcpy(&bits, element, sizeof bits);
      return bits;
    }
  }
}

// Little-endian: the low bytes are the element's. One fixed-size copy per width, never a call to memcpy.
inline void store_bits(std::byte* element, size_t width, uint64_t bits) {
  switch (width) {
    case 1: *element = static_cast<std::byte>(bits); return;
    case 8: std::memcpy(element, &bits, 8); return;
    default: {
      const uint32_t low = static_cast<uint32_t>(bits);
      std::memcpy(element, &low, 4);
    }
  }
}

// Calls `work.template operator()<Bits>()` with the unsigned integer type of `width` bytes, so that a hot loop
// over elements is compiled once per width instead of asking the width at every element.
template <typename Work>
decltype(auto) with_element_width(size_t width, Work&& work) {
  switch (width) {
    case 1: return work.template operator()<uint8_t>();
    case 8: return work.template operator()<uint64_t>();
    default: return work.template operator()<uint32_t>();
  }
}

template <typename Bits>
inline Bits load_as(const std::byte* data, size_t index) {
  Bits bits;
  std::memcpy(&bits, data + index * sizeof(Bits), sizeof bits);
  return bits;
}

// A read-only view of `count` elements of `type` at `data`.
class Elements {
 public:
  Elements() = default;
  Elements(const std::byte* data, size_t count, ElementType type)
      : data_(data), count_(count), type_(type), width_(protocol::element_bytes(type)) {}

  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  ElementType type() const { return type_; }
  size_t width() const { return width_; }
  const std::byte* data() const { return data_; }
  std::span<const std::byte> bytes() const { return {data_, count_ * width_}; }
  uint64_t bits(size_t index) const { return load_bits(data_ + index * width_, width_); }

  // The same elements, byte for byte.
  bool same_bytes(const Elements& other) const {
    return count_ == other.count_ && width_ == other.width_ && std::memcmp(data_, other.data_, count_ * width_) == 0;
  }

 private:
  const std::byte* data_ = nullptr;
  size_t count_ = 0;
  ElementType type_ = ElementType::kFloat32;
  size_t width_ = 4;
};

// Typed reads for the places that know the type (tests, dumps): element_as<float>(elements, 3).
template <typename T>
T element_as(const Elements& elements, size_t index) {
  T value;
  std::memcpy(&value, elements.data() + index * sizeof(T), sizeof value);
  return value;
}

// 4-byte elements held as words (tests, the sparse generator's offsets) seen as a buffer's elements.
inline Elements words_as_elements(std::span<const uint32_t> words, ElementType type) {
  return {reinterpret_cast<const std::byte*>(words.data()), words.size(), type};
}

// The bytes of typed values, as a buffer holds them: bytes_of(std::vector<float>{1, 2}).
template <typename T>
std::vector<std::byte> bytes_of(const std::vector<T>& values) {
  std::vector<std::byte> bytes(values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

// "Never written" markers, repeated over an output before the call. An output element still holding its
// poison was not written by the student; the float poisons are NaNs with a payload, so they cannot be
// confused with a NaN the student computed. A 1-byte element has no value to spare: its poison is a value a
// right answer may hold, so for it the poison only spoils what is not written and never marks it
// (poison_marks_unwritten).
inline constexpr uint32_t kFloatPoison = 0x7FC0FFEEu;
inline constexpr uint32_t kIntPoison = 0x7EADBEEFu;
inline constexpr uint64_t kDoublePoison = 0x7FF8C0FFEEC0FFEEull;
inline constexpr uint64_t kInt64Poison = 0x7EADBEEF7EADBEEFull;
inline constexpr uint8_t kBytePoison = 0xEE;
// Scratch starts as this byte everywhere, whatever its type.
inline constexpr uint32_t kScratchGarbage = 0xCDCDCDCDu;

inline uint64_t poison_bits(ElementType type) {
  switch (type) {
    case ElementType::kFloat32: return kFloatPoison;
    case ElementType::kFloat64: return kDoublePoison;
    case ElementType::kInt64: return kInt64Poison;
    case ElementType::kUint8: return kBytePoison;
    default: return kIntPoison;
  }
}

inline bool poison_marks_unwritten(ElementType type) {
  return protocol::element_bytes(type) >= 4;
}

// An element that still holds its type's poison, for a type whose poison marks what was never written.
inline bool still_poisoned(uint64_t bits, ElementType type) {
  return poison_marks_unwritten(type) && bits == poison_bits(type);
}

}  // namespace cudagrade
