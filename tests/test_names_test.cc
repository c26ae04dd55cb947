// CTest runs each test case by passing its name to the test binary as Catch2's filter (catch_discover_tests).
// A name that Catch2 reads as filter syntax runs other tests in its place: "exclude: ..." once ran all 689 others
// in one process, beside the heavy tests, and failed CI when one of them did (.ci/run on 127ef49).
#include <catch2/catch.hpp>

#include <string>

namespace {

TEST_CASE("no test's name is read by Catch2 as anything but that test's name", "[tests]") {
  const auto& tests = Catch::getRegistryHub().getTestCaseRegistry().getAllTests();
  REQUIRE(tests.size() > 100);
  for (const Catch::TestCase& test : tests) {
    const std::string& name = test.name;
    INFO(name);
    CHECK(name.rfind("exclude:", 0) != 0);  // negation
    CHECK(name.front() != '~');             // negation
    CHECK(name.front() != '[');             // a tag
    CHECK(name.front() != '*');             // a wildcard
    CHECK(name.back() != '*');
    CHECK(name.find('"') == std::string::npos);  // quotes delimit a name
  }
}

}  // namespace
