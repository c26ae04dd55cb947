#include "model/launch_account.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

TEST_CASE("a kernel's identifier is read from the runtime's demangled name as the simulator reads its definition",
          "[launch_account]") {
  CHECK(kernel_identifier("matmul_tiled(float const*, float const*, float*, int, int, int)") == "matmul_tiled");
  CHECK(kernel_identifier("void matmul_tiled<16>(float const*, float const*, float*, int, int, int)") ==
        "matmul_tiled");
  CHECK(kernel_identifier("void ns::inner::reduce<256u, float>(float const*, float*, unsigned int)") == "reduce");
  CHECK(kernel_identifier("(anonymous namespace)::transpose(float const*, float*, int, int)") == "transpose");
  CHECK(kernel_identifier("void apply<&(twice(int))>(int*)") == "apply");  // a template argument with parentheses
  CHECK(kernel_identifier("extern_c_kernel") == "extern_c_kernel");     // extern "C": the runtime's name as is
  CHECK(kernel_identifier("") == "");
  CHECK(kernel_identifier("broken<(int*)") == "");
}

TEST_CASE("a symbol's identifier: mangled names demangled, C names as they are, clones' suffixes dropped",
          "[launch_account]") {
  CHECK(symbol_identifier("_ZN7partial10block_sumsILi256EEEvPKiPii") == "block_sums");
  CHECK(symbol_identifier("_ZN12_GLOBAL__N_110g_answeredE") == "g_answered");
  CHECK(symbol_identifier("_Z6kernelPf.cold") == "kernel");
  CHECK(symbol_identifier("add_up") == "add_up");
}

TEST_CASE("an account hashes each launch's kernel and numbers and each copy's entry, in order", "[launch_account]") {
  auto account = [](const char* first, const char* second, CopyEntry entry) {
    LaunchAccount launched;
    launched.note(first, 4, 1, 1, 256, 1, 1, 0);
    launched.note_copy(entry, 3, 1024);
    launched.note(second, 1, 1, 1, 256, 1, 1, 0);
    return launched;
  };
  const LaunchAccount honest = account("block_sums", "add_up", CopyEntry::kLinear);
  CHECK(honest.launches == 2);
  CHECK(honest.text().substr(0, 2) == "2:");
  CHECK(honest.text().substr(honest.text().size() - 18) == ":add_up,block_sums");
  CHECK(account("block_sums", "add_up", CopyEntry::kLinear).hash == honest.hash);
  CHECK(account("add_up", "block_sums", CopyEntry::kLinear).hash != honest.hash);  // same names, other order
  CHECK(account("block_sum", "sadd_up", CopyEntry::kLinear).hash != honest.hash);  // a name's end is marked
  CHECK(account("block_sums", "add_up", CopyEntry::kTwoD).hash != honest.hash);
  CHECK(account("block_sums", "add_up", CopyEntry::kMemset).hash != honest.hash);

  LaunchAccount refused;
  refused.note("", 0, 1, 1, 256, 1, 1, 0);
  CHECK(refused.text().substr(refused.text().size() - 2) == ":?");
  LaunchAccount many;
  for (char c = 'a'; c <= 'j'; ++c) many.note(std::string(1, c), 1, 1, 1, 1, 1, 1, 0);
  CHECK(many.text().substr(many.text().size() - 20) == ":a,b,c,d,e,f,g,h,...");
  // The names' hash is of every name, whole: a ninth that differs shows there, past what the text lists.
  LaunchAccount other_ninth;
  for (char c : std::string("abcdefghiz")) other_ninth.note(std::string(1, c), 1, 1, 1, 1, 1, 1, 0);
  CHECK(other_ninth.text().substr(other_ninth.text().size() - 20) == many.text().substr(many.text().size() - 20));
  CHECK(other_ninth.text().substr(0, 37) != many.text().substr(0, 37));
  CHECK(other_ninth.text().substr(19, 17) != many.text().substr(19, 17));
}

TEST_CASE("a launch's parameters are hashed apart, in order, a device address by its size alone",
          "[launch_account]") {
  // What both runners note for `k<<<4, 256>>>(buffer, n, racy)`.
  auto launched = [](bool racy, int n, const void* buffer_address) {
    LaunchAccount account;
    account.begin_parameters();
    account.note_parameter(8, buffer_address);
    account.note_parameter(4, &n);
    account.note_parameter(1, &racy);
    account.note("k", 4, 1, 1, 256, 1, 1, 0);
    return account;
  };
  const LaunchAccount safe = launched(false, 1024, nullptr);
  CHECK(safe.hash == launched(true, 1024, nullptr).hash);  // names, grids and blocks are the same
  CHECK(safe.parameters_hash != launched(true, 1024, nullptr).parameters_hash);
  CHECK(safe.parameters_hash != launched(false, 1000, nullptr).parameters_hash);
  CHECK(safe.parameters_hash == launched(false, 1024, nullptr).parameters_hash);
  const uint64_t eight_bytes = 0;
  CHECK(safe.parameters_hash != launched(false, 1024, &eight_bytes).parameters_hash);  // a value, not an address
  // Two launches' parameters are not one launch's.
  LaunchAccount one, two;
  one.begin_parameters();
  one.note_parameter(4, &eight_bytes);
  one.note_parameter(4, &eight_bytes);
  two.begin_parameters();
  two.note_parameter(4, &eight_bytes);
  two.begin_parameters();
  two.note_parameter(4, &eight_bytes);
  CHECK(one.parameters_hash != two.parameters_hash);

  // A struct's bytes (padding and all) are not compared, only its size.
  const unsigned char zeros[16] = {}, ones[16] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  LaunchAccount zeroed, filled;
  zeroed.note_parameter(16, zeros);
  filled.note_parameter(16, ones);
  CHECK(zeroed.parameters_hash == filled.parameters_hash);

  // The text carries the parameters' hash after the names', or "-" once a launch's could not be read.
  const LaunchAccountText parts = parse_launch_account(safe.text());
  CHECK(parts.launches == "1");
  CHECK(parts.parameters_hash.size() == 16);
  CHECK(parts.kernels == "k");
  LaunchAccount unread = safe;
  unread.parameters_unread();
  CHECK(parse_launch_account(unread.text()).parameters_hash == "-");
  CHECK(parse_launch_account(unread.text()).kernels == "k");

  // Two runs' accounts agree where all they both read agrees.
  CHECK(same_launches(parts, parse_launch_account(safe.text())));
  CHECK_FALSE(same_launches(parts, parse_launch_account(launched(true, 1024, nullptr).text())));
  CHECK(same_launches(parts, parse_launch_account(unread.text())));
  LaunchAccount other_grid = safe;
  other_grid.note("k", 8, 1, 1, 256, 1, 1, 0);
  CHECK_FALSE(same_launches(parts, parse_launch_account(other_grid.text())));
}

TEST_CASE("a kernel's name is kept to an identifier's characters, so it cannot forge the reply's fields",
          "[launch_account]") {
  LaunchAccount forged;
  forged.note("x launches=1:0000000000000000\nok", 1, 1, 1, 32, 1, 1, 0);
  LaunchAccount plain;
  plain.note("xlaunches10000000000000000ok", 1, 1, 1, 32, 1, 1, 0);
  CHECK(forged.text() == plain.text());
  CHECK(forged.text().find_first_of(" =\n") == std::string::npos);
}

}  // namespace
}  // namespace cudagrade
