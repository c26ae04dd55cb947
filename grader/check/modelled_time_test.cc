#include "check/modelled_time.h"

#include <catch2/catch.hpp>

namespace cudagrade {
namespace {

const GpuModel kH200 = GpuModel::of(DeviceProfile{});

// A reduction of n ints: its fewest bytes, and no FLOPs that matter.
WorkCount reduction_work(double n) { return {n, 4 * n}; }

// One launch streaming n ints once, coalesced: n/32 warp loads of 4 sectors each, read from DRAM once.
LaunchShapeCost streaming_launch(uint64_t blocks, uint64_t threads, uint64_t n) {
  return {1, blocks, threads, n / 8, n / 8, 0, 0, n / 32, 0, 0, 4 * n};
}

}  // namespace

TEST_CASE("the kernels field is read, never trusted", "[modelled_time]") {
  const auto read = parse_counted_launches("1:2,128,256,4096,1024,512,128,1024,64,32,131072;1,1,32,8,8,0,0,2,0,0,0");
  REQUIRE(read);
  CHECK(read->complete);
  REQUIRE(read->shapes.size() == 2);
  CHECK(read->shapes[0].launches == 2);
  CHECK(read->shapes[0].blocks == 128);
  CHECK(read->shapes[0].threads_per_block == 256);
  CHECK(read->shapes[0].global_load_sectors == 4096);
  CHECK(read->shapes[0].global_load_ideal_sectors == 1024);
  CHECK(read->shapes[0].global_store_sectors == 512);
  CHECK(read->shapes[0].global_store_ideal_sectors == 128);
  CHECK(read->shapes[0].global_instructions == 1024);
  CHECK(read->shapes[0].shared_wavefronts == 64);
  CHECK(read->shapes[0].shared_ideal_wavefronts == 32);
  CHECK(read->shapes[0].dram_bytes == 131072);
  CHECK(read->shapes[1].threads_per_block == 32);

  const auto incomplete = parse_counted_launches("0:");
  REQUIRE(incomplete);
  CHECK_FALSE(incomplete->complete);
  CHECK(incomplete->shapes.empty());

  for (const char* forged : {"", "1", "2:", "1:1,1,1", "1:1,1,1,1,1,1,1,1,1,1,1;", "1:1,1,1,1,1,1,1,1,1,1,x",
                             "1:1,1,1,1,1,1,1,1,1,1,1,1", "1:1,1,1,1,1,1,1,1,1,1", "1:0,1,1,1,1,1,1,1,1,1,1",
                             "1:1,0,1,1,1,1,1,1,1,1,1", "1:1,1,0,1,1,1,1,1,1,1,1", "1:-1,1,1,1,1,1,1,1,1,1,1",
                             "1:1, 1,1,1,1,1,1,1,1,1,1", "1:1,1,1,1,1,1,1,1,1,1,99999999999999999999999"}) {
    INFO(forged);
    CHECK_FALSE(parse_counted_launches(forged));
  }
}

TEST_CASE("a record reads back as the runtime wrote it (model/launch_costs.h)", "[modelled_time]") {
  const LaunchShapeCost written{2, 128, 256, 4096, 1024, 512, 128, 1024, 64, 32, 131072};
  CHECK(launch_cost_text(written) == "2,128,256,4096,1024,512,128,1024,64,32,131072");
  const auto read = parse_counted_launches("1:" + launch_cost_text(written));
  REQUIRE(read);
  REQUIRE(read->shapes.size() == 1);
  for (auto field : kLaunchCostFields) CHECK(read->shapes[0].*field == written.*field);
}

TEST_CASE("the model's rates come from the course GPU's profile", "[modelled_time]") {
  CHECK(kH200.multiprocessors == 132);
  CHECK(kH200.clock_hz == Approx(1.98e9));
  // 6016 bits at 3.201 GHz, twice per clock: the H200's 4.8 TB/s.
  CHECK(kH200.dram_bytes_per_s == Approx(4.814e12).epsilon(0.001));
}

TEST_CASE("a grid keeps the GPU busy as its counterpart at the GPU's size would; one thread or block does not",
          "[modelled_time]") {
  const double scale = 1.0 / 16;  // counted at 2^20 for a 2^24 case
  CHECK(busy_fraction({1, 4096, 256}, scale, kH200) == 1.0);
  CHECK(busy_fraction({1, 264, 1024}, scale, kH200) == 1.0);  // a grid of two blocks per SM, whatever the size
  // One thread is one warp of the 132 x 16 / 16 the counted size needs.
  CHECK(busy_fraction({1, 1, 1}, scale, kH200) == Approx(1.0 / 132));
  CHECK(busy_fraction({1, 1, 32}, scale, kH200) == Approx(1.0 / 132));
  // One block of 1024 threads runs on one SM of the 8.25 the counted size needs.
  CHECK(busy_fraction({1, 1, 1024}, scale, kH200) == Approx(1.0 / 8.25));
  // At the GPU's own size one block keeps one SM of 132 busy.
  CHECK(busy_fraction({1, 1, 1024}, 1.0, kH200) == Approx(1.0 / 132));
}

TEST_CASE("the modelled time of a streaming reduction is near the least its bytes take", "[modelled_time]") {
  const uint64_t n = 1 << 20;
  CountedLaunches launches{true, {streaming_launch(2048, 256, n)}};
  const ModelledTime time = modelled_time(launches, 4 * n, reduction_work(n), reduction_work(16.0 * n), kH200);
  CHECK(time.least_s == Approx(4.0 * n / kH200.dram_bytes_per_s));
  CHECK(time.call_s / time.least_s > 1.0);
  CHECK(time.call_s / time.least_s < 1.5);
}

TEST_CASE("every extra launch and every extra byte adds time: a decoy never dilutes the figure",
          "[modelled_time]") {
  const uint64_t n = 1 << 20;
  const WorkCount counted = reduction_work(n), at_gpu = reduction_work(16.0 * n);
  CountedLaunches honest{true, {streaming_launch(2048, 256, n)}};
  CountedLaunches with_decoy = honest;
  with_decoy.shapes.push_back(streaming_launch(4096, 256, n));  // re-reads the input, coalesced
  const double alone = modelled_time(honest, 4 * n, counted, at_gpu, kH200).call_s;
  const double decoyed = modelled_time(with_decoy, 8 * n, counted, at_gpu, kH200).call_s;
  CHECK(decoyed > 1.9 * alone);
  CountedLaunches twice = honest;
  twice.shapes[0].launches = 2;
  CHECK(modelled_time(twice, 4 * n, counted, at_gpu, kH200).call_s ==
        Approx(alone + kH200.launch_overhead_s / 16));
}

TEST_CASE("one thread doing a grid's work is modelled as slow as the GPU it leaves idle", "[modelled_time]") {
  const uint64_t n = 1 << 20;
  const WorkCount counted = reduction_work(n), at_gpu = reduction_work(16.0 * n);
  // One lane per load: one sector and one warp instruction per element.
  CountedLaunches single{true, {{1, 1, 1, n, n / 8, 0, 0, n, 0, 0, 4 * n}}};
  CountedLaunches grid{true, {streaming_launch(2048, 256, n)}};
  const double single_s = modelled_time(single, 4 * n, counted, at_gpu, kH200).call_s;
  const double grid_s = modelled_time(grid, 4 * n, counted, at_gpu, kH200).call_s;
  CHECK(single_s > 100 * grid_s);
}

TEST_CASE("the write-back after the last launch is charged; a reply claiming more than the total adds nothing",
          "[modelled_time]") {
  const uint64_t n = 1 << 20;
  const WorkCount counted = reduction_work(n), at_gpu = reduction_work(16.0 * n);
  CountedLaunches launches{true, {streaming_launch(2048, 256, n)}};
  const double without = modelled_time(launches, 4 * n, counted, at_gpu, kH200).call_s;
  const double with_write_back = modelled_time(launches, 4 * n + 4096, counted, at_gpu, kH200).call_s;
  CHECK(with_write_back - without == Approx(4096 / kH200.dram_bytes_per_s));
  CHECK(modelled_time(launches, 0, counted, at_gpu, kH200).call_s == without);
}

TEST_CASE("a matmul's FLOPs bound its least time, and are charged to every kernel once", "[modelled_time]") {
  const double m = 160;
  const WorkCount counted{2 * m * m * m, 3 * m * m * 4};
  const double peak = 256 * 132 * 1.98e9;
  CountedLaunches nothing_counted{true, {{1, 100, 256, 0, 0, 0, 0, 0, 0, 0, 0}}};
  const ModelledTime time = modelled_time(nothing_counted, 0, counted, {2 * 4096.0 * 4096 * 4096, 3 * 4096.0 * 4096 * 4},
                                          kH200);
  CHECK(time.least_s == Approx(counted.flops / peak));
  CHECK(time.call_s == Approx(counted.flops / peak + kH200.launch_overhead_s * (counted.bytes / (3 * 4096.0 * 4096 * 4))));
}

}  // namespace cudagrade

namespace cudagrade {

TEST_CASE("scattered accesses cost their extra sectors: a naive transpose is modelled well behind a copy",
          "[modelled_time]") {
  const uint64_t n = 1 << 20;  // floats of a 1024 x 1024 transpose, counted for 8192 x 8192
  const WorkCount counted{0, 8.0 * n}, at_gpu{0, 8.0 * 64 * n};
  // Both read coalesced; the copy stores 4 floats per sector, the naive transpose one.
  const LaunchShapeCost copy{1, 4096, 256, n / 8, n / 8, n / 8, n / 8, n / 16, 0, 0, 8 * n};
  LaunchShapeCost naive = copy;
  naive.global_store_sectors = n;
  const double copy_s = modelled_time({true, {copy}}, 8 * n, counted, at_gpu, kH200).call_s;
  const double naive_s = modelled_time({true, {naive}}, 8 * n, counted, at_gpu, kH200).call_s;
  CHECK(naive_s > 4 * copy_s);
  // Reading a column instead (one sector per float) costs too, less: L1 serves such loads at a sector a clock.
  LaunchShapeCost column_reads = copy;
  column_reads.global_load_sectors = n;
  const double column_reads_s = modelled_time({true, {column_reads}}, 8 * n, counted, at_gpu, kH200).call_s;
  CHECK(column_reads_s > 1.5 * copy_s);
  CHECK(column_reads_s < naive_s);
}

}  // namespace cudagrade
