# The test suite: Catch2 unit tests beside the sources they test, the pipeline driven through a fake runner,
# real nvcc builds, and the GPU tests (which report "Skipped" to CTest when no GPU is usable).
add_executable(fake_runner tests/fake_runner.cc)
target_include_directories(fake_runner PRIVATE grader)

add_executable(cudagrade_tests
  tests/catch_main.cc
  tests/runner_linking_test.cc
  tests/runner_channel_test.cc
  tests/shipped_labs_test.cc
  tests/test_names_test.cc
  grader/model/downsize_test.cc
  grader/model/status_test.cc
  grader/model/launch_account_test.cc
  tests/testing/fake_backend.cc
  tests/testing/sample_reports.cc
  tests/testing/elf_listings.cc
  tests/workflow_lint/script_check.cc
  tests/workflow_lint/script_check_test.cc
  tests/workflow_lint/workflow_check.cc
  tests/workflow_lint/workflow_check_test.cc
  tests/workflow_lint/workflow_expressions.cc
  tests/workflow_lint/workflow_expressions_test.cc
  grader/compile/build_cache_test.cc
  grader/compile/nvcc_toolchain_test.cc
  grader/compile/source_policy_test.cc
  grader/compile/symbol_policy_test.cc
  grader/compile/instruction_scan_test.cc
  grader/compile/startup_sections_test.cc
  grader/compile/static_storage_test.cc
  grader/compile/preprocessed_policy_test.cc
  grader/check/integrity_test.cc
  grader/check/case_judge_test.cc
  grader/check/order_judge_test.cc
  grader/check/access_profile_test.cc
  grader/check/efficiency_test.cc
  grader/check/size_behaviour_test.cc
  grader/check/modelled_time_test.cc
  grader/cusim/runtime/sector_cache.cc
  grader/cusim/runtime/runtime_heap.cc
  grader/cusim/runtime/runtime_heap_test.cc
  grader/cusim/runtime/sector_cache_test.cc
  grader/cusim/runtime/race_checker_test.cc
  grader/cusim/runtime/warp_results.cc
  grader/cusim/runtime/warp_results_test.cc
  grader/check/tile_picture_test.cc
  grader/labdef/declaration_test.cc
  grader/labdef/declared_lab_test.cc
  grader/labdef/expression_test.cc
  grader/labdef/input_generator_test.cc
  grader/labdef/sparse_generator_test.cc
  grader/labdef/own_check_test.cc
  grader/labdef/output_check_test.cc
  grader/check/reported_time_test.cc
  grader/check/physical_limit_test.cc
  grader/cli/package_command_test.cc
  grader/core/subprocess_test.cc
  grader/core/cpu_time_limit_test.cc
  grader/run/runner_session_test.cc
  grader/core/temp_dir_test.cc
  grader/core/text_test.cc
  grader/core/phase_clock_test.cc
  grader/core/random_test.cc
  grader/core/parallel_test.cc
  grader/core/paths_test.cc
  grader/package/course_lab_test.cc
  grader/package/github_package_test.cc
  grader/package/gradescope_package_test.cc
  grader/package/package_writer_test.cc
  grader/package/prairielearn_package_test.cc
  grader/package/template_test.cc
  grader/package/zip_writer_test.cc
  grader/pipeline/grader_test.cc
  grader/pipeline/race_check_test.cc
  grader/pipeline/time_limits_test.cc
  grader/pipeline/timed_samples_test.cc
  grader/model/device_profile_test.cc
  grader/pipeline/sanitizer_check_test.cc
  grader/cli/command_support_test.cc
  grader/batch/batch_grader_test.cc
  grader/batch/slurm_submit_test.cc
  grader/pipeline/sim_memory_test.cc
  grader/pipeline/sim_pipeline_test.cc
  grader/pipeline/sim_profile_test.cc
  grader/pipeline/sim_fidelity_test.cc
  grader/pipeline/sim_host_code_test.cc
  grader/pipeline/sim_passes_test.cc
  grader/pipeline/sim_efficiency_test.cc
  grader/report/github_printer_test.cc
  grader/report/gradescope_printer_test.cc
  grader/report/graded_by_test.cc
  grader/report/json_printer_test.cc
  grader/report/report_json_test.cc
  grader/report/junit_printer_test.cc
  grader/report/markdown_test.cc
  grader/report/escape_test.cc
  grader/report/prairielearn_printer_test.cc
  grader/report/printer_registry_test.cc
  grader/report/redaction_test.cc
  grader/core/confinement_test.cc
  grader/core/syscall_filter_test.cc
  grader/run/source_lines_test.cc
  grader/run/sanitizer_report_test.cc
  grader/score/scoring_test.cc
  grader/sim/rewriter_test.cc
  grader/sim/unsupported_constructs_test.cc
  grader/sim/undeclared_runtime_call_test.cc
  grader/sim/source_scan_test.cc
  grader/sim/host_reads_test.cc
  grader/sim/host_calls_test.cc
  grader/sim/function_heads_test.cc
  grader/sim/kernel_parameters_test.cc
  grader/sim/debug_info_test.cc
  grader/sim/arch_passes_test.cc
  grader/sim/pass_join_test.cc
  grader/sim/sim_toolchain_test.cc
  grader/sim/simulator_table_test.cc
  grader/testcases/loader_test.cc
)
include(${CMAKE_SOURCE_DIR}/grader/intake/tests.cmake)
include(${CMAKE_SOURCE_DIR}/grader/similarity/tests.cmake)
include(${CMAKE_SOURCE_DIR}/grader/gradebook/tests.cmake)
target_include_directories(cudagrade_tests PRIVATE tests)
target_link_libraries(cudagrade_tests PRIVATE cudagrade_core Catch2::Catch2)
target_compile_definitions(cudagrade_tests PRIVATE CUDAGRADE_FAKE_RUNNER="$<TARGET_FILE:fake_runner>"
  CUDAGRADE_TEST_EXPECTED_VERSION="${PROJECT_VERSION}")
add_dependencies(cudagrade_tests fake_runner)

include(Catch)
# nvcc tests share one build cache inside the build tree, so reruns cost no compile.
catch_discover_tests(cudagrade_tests
  PROPERTIES ENVIRONMENT "CUDAGRADE_CACHE=${CMAKE_BINARY_DIR}/test-cache")

# GPU tests: every reference and bundled example graded on a real GPU against its expected verdict.
add_test(NAME gpu_examples COMMAND ${CMAKE_SOURCE_DIR}/tests/gpu_examples.sh ${CMAKE_BINARY_DIR}/cudagrade)
set_tests_properties(gpu_examples PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1800)
# compute-sanitizer as the race check (--race-check sanitizer): a racy file and a reference, on a real GPU.
add_test(NAME gpu_sanitizer COMMAND ${CMAKE_SOURCE_DIR}/tests/gpu_sanitizer.sh ${CMAKE_BINARY_DIR}/cudagrade)
set_tests_properties(gpu_sanitizer PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 900)

# The same files in the CPU simulator, on the shipped cases: runs everywhere, CI included.
add_test(NAME sim_examples COMMAND ${CMAKE_SOURCE_DIR}/tests/sim_examples.sh ${CMAKE_BINARY_DIR}/cudagrade)
set_tests_properties(sim_examples PROPERTIES TIMEOUT 1200
  ENVIRONMENT "CUDAGRADE_CACHE=${CMAKE_BINARY_DIR}/test-cache")

# Kernels in the styles of NVIDIA's samples and the well-known tutorials (submissions/field/), in the simulator.
add_test(NAME field_corpus COMMAND ${CMAKE_SOURCE_DIR}/tests/field_corpus.sh ${CMAKE_BINARY_DIR}/cudagrade)
set_tests_properties(field_corpus PROPERTIES TIMEOUT 900
  ENVIRONMENT "CUDAGRADE_CACHE=${CMAKE_BINARY_DIR}/test-cache")

# A whole class from an LMS download, in the simulator: expected grades, and SIGKILL then --resume.
add_test(NAME class_grading COMMAND ${CMAKE_SOURCE_DIR}/tests/class_grading.sh ${CMAKE_BINARY_DIR}/cudagrade)
set_tests_properties(class_grading PROPERTIES TIMEOUT 600
  ENVIRONMENT "CUDAGRADE_CACHE=${CMAKE_BINARY_DIR}/test-cache")

# The hostile corpus (submissions/adversarial/ and generated archives), in the simulator.
add_test(NAME adversarial_corpus COMMAND ${CMAKE_SOURCE_DIR}/tests/adversarial_corpus.sh ${CMAKE_BINARY_DIR}/cudagrade)
set_tests_properties(adversarial_corpus PROPERTIES TIMEOUT 900
  ENVIRONMENT "CUDAGRADE_CACHE=${CMAKE_BINARY_DIR}/test-cache")

# Files that get past every static policy, graded in bwrap alone and among the example class (Skipped, with the
# reason, where bwrap cannot run). A stopped grader would hang the test: the timeout ends it.
add_test(NAME escape_corpus COMMAND ${CMAKE_SOURCE_DIR}/tests/escape_corpus.sh ${CMAKE_BINARY_DIR}/cudagrade)
set_tests_properties(escape_corpus PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600
  ENVIRONMENT "CUDAGRADE_CACHE=${CMAKE_BINARY_DIR}/test-cache")

# The class's summary.html and a report opened in headless Chromium (Skipped, with the reason, without it).
add_test(NAME summary_in_browser COMMAND ${CMAKE_SOURCE_DIR}/tests/summary_in_browser.sh ${CMAKE_BINARY_DIR}/cudagrade)
set_tests_properties(summary_in_browser PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600
  ENVIRONMENT "CUDAGRADE_CACHE=${CMAKE_BINARY_DIR}/test-cache")
add_test(NAME report_in_browser COMMAND ${CMAKE_SOURCE_DIR}/tests/report_in_browser.sh ${CMAKE_BINARY_DIR}/cudagrade)
set_tests_properties(report_in_browser PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600
  ENVIRONMENT "CUDAGRADE_CACHE=${CMAKE_BINARY_DIR}/test-cache")

# The fuzz targets (fuzz/README.md), a bounded minute each on a copy of their seed corpus; Skipped without clang.
foreach(target yaml archive)
  add_test(NAME fuzz_${target} COMMAND ${CMAKE_SOURCE_DIR}/fuzz/run.sh 60 ${CMAKE_BINARY_DIR}/fuzz ${target})
  set_tests_properties(fuzz_${target} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 900 RUN_SERIAL TRUE)
endforeach()

# The fresh-machine proof: the .deb installed with apt in a debootstrapped Debian 12, grading from a student's
# folder (Skipped, with the reason, without root, debootstrap, a mount namespace or the network).
add_test(NAME deb_in_fresh_debian
  COMMAND ${CMAKE_SOURCE_DIR}/tests/deb_in_fresh_debian.sh ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR})
set_tests_properties(deb_in_fresh_debian PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1200 RUN_SERIAL TRUE)

# The README's `make demo` on a fresh Debian 12 (git and make only), with and without the CUDA toolkit, then
# make test's install step there (Skipped, with the reason, where debootstrap or a mount namespace cannot run).
add_test(NAME demo_in_fresh_debian
  COMMAND ${CMAKE_SOURCE_DIR}/tests/demo_in_fresh_debian.sh ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR})
set_tests_properties(demo_in_fresh_debian PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 3000 RUN_SERIAL TRUE)

# No CUDA toolkit: cudagrade built with g++ alone, and `make demo` grading the examples in the simulator.
add_test(NAME no_cuda_toolkit COMMAND ${CMAKE_SOURCE_DIR}/tests/no_cuda_toolkit.sh ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR})
set_tests_properties(no_cuda_toolkit PROPERTIES TIMEOUT 2400 RUN_SERIAL TRUE)

# What `cudagrade package` writes, checked as each platform would: check-jsonschema (the workflow, info.json) and
# shellcheck (every script).
add_test(NAME generated_packages
  COMMAND ${CMAKE_SOURCE_DIR}/tests/generated_packages.sh ${CMAKE_BINARY_DIR}/cudagrade ${CMAKE_SOURCE_DIR})

# The Dockerfile and the Apptainer definition, which cannot be built here (no base image can be pulled):
# hadolint, shellcheck of their install steps, the definition parsed.
add_test(NAME container_files COMMAND python3 ${CMAKE_SOURCE_DIR}/tests/container_files.py ${CMAKE_SOURCE_DIR})

# --version names the version and the commit, and needs no subcommand.
add_test(NAME version_flag COMMAND ${CMAKE_BINARY_DIR}/cudagrade --version)
set_tests_properties(version_flag PROPERTIES
  PASS_REGULAR_EXPRESSION "^cudagrade ${PROJECT_VERSION} \\(commit [0-9a-f]+(-dirty)?\\)")

# The folders' layers (docs/ARCHITECTURE.md): no include runs back up, and the checker itself catches each
# kind of wrong include in a planted tree.
add_test(NAME include_layers COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/check-layers.py ${CMAKE_SOURCE_DIR})
add_test(NAME include_layers_checker COMMAND ${CMAKE_SOURCE_DIR}/tests/check_layers_test.sh)

# A class graded as a Slurm job array on a one-node cluster started by the test (scripts/slurm-local.sh):
# the same gradebook as one machine, a cancelled task then --resume, and the exit-3 errors. Skipped, with the
# reason, where the daemons cannot start (no root, no slurm-wlm).
add_test(NAME slurm_grading COMMAND ${CMAKE_SOURCE_DIR}/tests/slurm_grading.sh ${CMAKE_BINARY_DIR}/cudagrade)
set_tests_properties(slurm_grading PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600
  ENVIRONMENT "CUDAGRADE_CACHE=${CMAKE_BINARY_DIR}/test-cache")

# Declared labs (labs/<lab>/lab.yaml): `lab check` in the simulator. vector_add in full (its header, its check's
# self-test, its references, skeleton and examples on the shipped cases); the course labs of #32 in full on their
# quick cases (sim_examples grades their files on the shipped cases too); the lecture labs without grading
# their files, which sim_examples grades already (every lab `cudagrade list --names` shows).
add_test(NAME lab_check_vector_add
  COMMAND ${CMAKE_BINARY_DIR}/cudagrade lab check vector_add --backend sim)
set_tests_properties(lab_check_vector_add PROPERTIES TIMEOUT 600
  ENVIRONMENT "CUDAGRADE_CACHE=${CMAKE_BINARY_DIR}/test-cache")
foreach(lab histogram scan conv2d softmax spmv)
  add_test(NAME lab_check_${lab} COMMAND ${CMAKE_BINARY_DIR}/cudagrade lab check ${lab} --backend sim
           --cases ${CMAKE_SOURCE_DIR}/testcases/quick/${lab}.yaml)
  set_tests_properties(lab_check_${lab} PROPERTIES TIMEOUT 600
    ENVIRONMENT "CUDAGRADE_CACHE=${CMAKE_BINARY_DIR}/test-cache")
endforeach()
foreach(lab matmul reduction transpose)
  add_test(NAME lab_check_${lab} COMMAND ${CMAKE_BINARY_DIR}/cudagrade lab check ${lab} --backend sim --no-grading)
  set_tests_properties(lab_check_${lab} PROPERTIES TIMEOUT 300
    ENVIRONMENT "CUDAGRADE_CACHE=${CMAKE_BINARY_DIR}/test-cache")
endforeach()
add_test(NAME course_lab COMMAND ${CMAKE_SOURCE_DIR}/tests/course_lab.sh ${CMAKE_BINARY_DIR}/cudagrade ${CMAKE_SOURCE_DIR})
set_tests_properties(course_lab PROPERTIES TIMEOUT 600)
