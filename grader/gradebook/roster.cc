#include "gradebook/roster.h"

#include <algorithm>
#include <map>
#include <string>

namespace cudagrade {

bool is_superseded(const StudentResult& result) {
  return result.status == StudentStatus(UploadProblem::kSuperseded) ||
         std::find(result.notes.begin(), result.notes.end(), kSupersededNote) != result.notes.end();
}

Roster make_roster(const std::vector<StudentResult>& results) {
  // std::map keeps the ids sorted; each id's uploads stay in the order they were given.
  std::map<std::string, std::vector<const StudentResult*>> by_id;
  for (const StudentResult& result : results) by_id[result.student_id].push_back(&result);

  Roster roster;
  for (const auto& [id, uploads] : by_id) {
    auto current = std::find_if(uploads.rbegin(), uploads.rend(),
                                [](const StudentResult* result) { return !is_superseded(*result); });
    const StudentResult* chosen = current != uploads.rend() ? *current : uploads.back();
    roster.current.push_back(chosen);
    for (const StudentResult* upload : uploads) {
      if (upload != chosen) roster.superseded.push_back(upload);
    }
  }
  return roster;
}

}  // namespace cudagrade
