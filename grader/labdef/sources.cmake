# Sources of grader/labdef/, added to the core library: a lab read from its declaration (labs/<lab>/lab.yaml)
# at run time, and its CPU reference loaded with dlopen (CMAKE_DL_LIBS).
target_sources(cudagrade_core PRIVATE
  ${CMAKE_SOURCE_DIR}/grader/labdef/check_self_test.cc
  ${CMAKE_SOURCE_DIR}/grader/labdef/cpu_reference.cc
  ${CMAKE_SOURCE_DIR}/grader/labdef/declaration.cc
  ${CMAKE_SOURCE_DIR}/grader/labdef/declaration_parameters.cc
  ${CMAKE_SOURCE_DIR}/grader/labdef/declared_lab.cc
  ${CMAKE_SOURCE_DIR}/grader/labdef/declared_lab_check.cc
  ${CMAKE_SOURCE_DIR}/grader/labdef/declared_lab_dump.cc
  ${CMAKE_SOURCE_DIR}/grader/labdef/expression.cc
  ${CMAKE_SOURCE_DIR}/grader/labdef/generated_entry.cc
  ${CMAKE_SOURCE_DIR}/grader/labdef/input_generator.cc
  ${CMAKE_SOURCE_DIR}/grader/labdef/sparse_generator.cc
  ${CMAKE_SOURCE_DIR}/grader/labdef/output_check.cc
  ${CMAKE_SOURCE_DIR}/grader/labdef/prototype.cc
)
# The interface a lab's CPU reference implements (cudagrade/reference.h): the grader reads the same header.
target_include_directories(cudagrade_core PUBLIC ${CMAKE_SOURCE_DIR}/grader/labdef/include)
target_link_libraries(cudagrade_core PUBLIC ${CMAKE_DL_LIBS})
