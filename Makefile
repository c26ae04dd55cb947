# The two commands the README promises: `make demo` and `make test`. Each installs what is missing first.
BUILD ?= build
JOBS ?= $(shell nproc)
export PATH := $(PATH):/usr/local/cuda/bin

.PHONY: all deps configure build test demo clean

all: build

deps:
	@scripts/install-deps.sh $(DEPS_FLAGS)

# The test suite is CMake's to turn on (it is, where nvcc is found), except in the demo, which builds cudagrade
# alone: the suite needs Catch2 and the test tools, which only `make test` installs. Switching the suite on or
# off changes no flag of cudagrade's own objects, so `make test` after `make demo` builds only the tests.
TEST_SUITE_SETTING ?= -UCUDAGRADE_BUILD_TESTS

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(TEST_SUITE_SETTING) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# The whole suite. Tests that need a GPU report "Skipped" (with the reason) where none is usable.
test: build
	@cd $(BUILD) && ctest -j $(JOBS) --output-on-failure --no-tests=error; status=$$?; \
	  grep -h '^SKIPPED' Testing/Temporary/LastTest.log || true; exit $$status

# Grades the bundled examples in submissions/ (quick cases) and prints each verdict beside the one the file
# predicts: on the GPU when one is usable, else in the CPU simulator.
# The demo needs only what grading needs, not the test tools (make's target variables reach its prerequisites).
demo: DEPS_FLAGS = --runtime
demo: TEST_SUITE_SETTING = -DCUDAGRADE_BUILD_TESTS=OFF
demo: build
	@if $(BUILD)/cudagrade devices >/dev/null 2>&1; then scripts/grade-examples.sh --cases-dir testcases/quick; \
	  else echo "no usable GPU: grading in the CPU simulator"; \
	  scripts/grade-examples.sh --cases-dir testcases/quick -- --backend sim; fi
	@echo; echo "grading the example class (submissions/class/matmul/) into $(BUILD)/demo-class"
	@echo "(deadline 2026-11-20 23:59, 10%/day late: 2026000004's resubmission came a day late)"
	@echo "(2026000015 handed in 2026000002's file renamed and reformatted: summary.html#similarity flags the pair)"
	@$(BUILD)/cudagrade grade matmul submissions/class/matmul --cases tests/data/class/matmul.yaml \
	  --deadline "2026-11-20 23:59" --late-policy "10%/day, max 3 days" \
	  --out $(BUILD)/demo-class $$($(BUILD)/cudagrade devices >/dev/null 2>&1 || echo --backend sim)

clean:
	rm -rf $(BUILD)
