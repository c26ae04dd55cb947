#include "model/device_profile.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

TEST_CASE("a device profile survives its text, a name with any character included", "[device_profile]") {
  DeviceProfile h200;
  h200.name = "NVIDIA H200; rev=2 (name=odd)";
  h200.multiprocessors = 132;
  h200.memory_bytes = 150'110'011'392;
  h200.l2_bytes = 62'914'560;
  h200.clock_khz = 1'980'000;
  h200.major = 9;
  h200.minor = 0;
  h200.attributes = {{1, 1024}, {16, 132}, {121, 1}};
  DeviceProfile read;
  REQUIRE(read.read(h200.to_text()));
  CHECK(read.to_text() == h200.to_text());
  CHECK(read.name == "NVIDIA H200; rev=2 (name=odd)");
  CHECK(read.memory_bytes == 150'110'011'392);
  CHECK(read.attributes == h200.attributes);
}

TEST_CASE("a profile's unreadable or unknown fields keep their defaults", "[device_profile]") {
  const DeviceProfile course;
  DeviceProfile read;
  CHECK_FALSE(read.read(""));
  CHECK_FALSE(read.read("garbage without fields"));
  CHECK(read.read("sms=-4;l2=lots;cc=nine;future=1;mem=1024;attr=5:7,x:1,9,:3,16:132"));  // the table replaced
  CHECK(read.attributes == std::map<int, int>{{5, 7}, {16, 132}});
  CHECK(read.multiprocessors == course.multiprocessors);
  CHECK(read.l2_bytes == course.l2_bytes);
  CHECK(read.major == course.major);
  CHECK(read.memory_bytes == 1024);
  CHECK(read.name == course.name);
}

}  // namespace
}  // namespace cudagrade
