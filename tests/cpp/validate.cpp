// goap::validate: a domain file's error or lint warnings with line and column, no World.
#include <string>
#include <thread>
#include <vector>

#include "support.hpp"

namespace {

const char* const kLint =
    "{\"actions\": [\n"
    "  {\"name\": \"chop\", \"pre\": {\"has_ax\": true}, \"effects\": {\"wood\": true}},\n"
    "  {\"name\": \"sneak\", \"pre\": {\"alarm\": false}}],\n"
    " \"start\": {\"alarm\": true},\n"
    " \"goals\": [{\"name\": \"rest\", \"priority\": 1, \"conditions\": {\"asleep\": true}}]}";

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

TEST(validate_a_clean_file_has_no_diagnostics) {
  const std::vector<goap::Diagnostic> d = OK(goap::validate(support::read_domain("kitchen.json")));
  CHECK(d.empty());
}

TEST(validate_places_warnings_in_file_order) {
  const std::vector<goap::Diagnostic> d = OK(goap::validate(kLint));
  CHECK_EQ(d.size(), 3u);
  if (d.size() != 3) return;
  for (const goap::Diagnostic& x : d) CHECK(x.severity == goap::Severity::Warning);
  CHECK_EQ(d[0].line, 2);
  CHECK_EQ(d[0].column, 12);
  CHECK(starts_with(d[0].message, "fact \"has_ax\" must be true for action \"chop\""));
  CHECK_EQ(d[1].line, 3);
  CHECK_EQ(d[1].column, 12);
  CHECK_CONTAINS(d[1].message, "fact \"alarm\" must be false");
  CHECK_EQ(d[2].line, 5);
  CHECK_EQ(d[2].column, 21);
  CHECK_CONTAINS(d[2].message, "goals entry \"rest\"");
}

TEST(validate_an_error_is_one_diagnostic_counting_characters) {
  // "砍树" is 6 bytes but 2 characters.
  const std::vector<goap::Diagnostic> d =
      OK(goap::validate("{\"actions\": [\n  {\"name\": \"砍树\", \"cost\": -1}]}"));
  CHECK_EQ(d.size(), 1u);
  if (d.empty()) return;
  CHECK(d[0].severity == goap::Severity::Error);
  CHECK_EQ(d[0].line, 2);
  CHECK_EQ(d[0].column, 27);
  CHECK(starts_with(d[0].message, "action \"砍树\": cost: -1 is invalid"));
  const std::vector<goap::Diagnostic> empty = OK(goap::validate(""));
  CHECK_EQ(empty.size(), 1u);
  CHECK(!empty.empty() && empty[0].severity == goap::Severity::Error);
}

TEST(validate_reports_bad_utf8_as_an_error) {
  const std::string text = "{\"actions\": [\n{\"name\": \"a\xff\"}]}";
  const std::vector<goap::Diagnostic> d = OK(goap::validate(text));
  CHECK_EQ(d.size(), 1u);
  if (d.empty()) return;
  CHECK(d[0].severity == goap::Severity::Error);
  CHECK_EQ(d[0].line, 2);
  CHECK_EQ(d[0].column, 12);
  CHECK_CONTAINS(d[0].message, "not valid UTF-8");
}

TEST(validate_runs_on_many_threads) {
  const std::vector<goap::Diagnostic> first = OK(goap::validate(kLint));
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&first] {
      for (int i = 0; i < 10; ++i) {
        const std::vector<goap::Diagnostic> d = OK(goap::validate(kLint));
        CHECK_EQ(d.size(), first.size());
        for (std::size_t k = 0; k < d.size() && k < first.size(); ++k) {
          CHECK_EQ(d[k].message, first[k].message);
          CHECK_EQ(d[k].line, first[k].line);
        }
      }
    });
  }
  for (std::thread& t : threads) t.join();
}
