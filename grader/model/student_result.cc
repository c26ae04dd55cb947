#include "model/student_result.h"

#include "model/enum_names.h"

namespace cudagrade {
namespace {

constexpr NameTable<UploadProblem, 7> kProblemNames = {{
    {UploadProblem::kMissingFile, "missing_file"},
    {UploadProblem::kAmbiguousFile, "ambiguous_file"},
    {UploadProblem::kNotAnArchive, "not_an_archive"},
    {UploadProblem::kUnsafeArchive, "unsafe_archive"},
    {UploadProblem::kTooLarge, "too_large"},
    {UploadProblem::kDamaged, "damaged"},
    {UploadProblem::kSuperseded, "superseded"},
}};

}  // namespace

std::string_view to_string(UploadProblem problem) {
  return name_in(kProblemNames, problem);
}

std::string_view to_string(const StudentStatus& status) {
  return std::visit([](auto value) { return to_string(value); }, status);
}

std::optional<StudentStatus> student_status_from_string(std::string_view text) {
  if (std::optional<CaseStatus> verdict = case_status_from_string(text)) return StudentStatus(*verdict);
  if (std::optional<UploadProblem> problem = value_named(kProblemNames, text)) return StudentStatus(*problem);
  return std::nullopt;
}

}  // namespace cudagrade
