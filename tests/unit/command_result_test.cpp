// The common core of every command's result: error kinds decide exit statuses.
#include <gtest/gtest.h>

#include "core/command_result.h"
#include "driver/driver.h"
#include "support/temp_site.h"

namespace pp {
namespace {

TEST(CommandResult, EachErrorKindHasItsExitStatus) {
  EXPECT_EQ(exit_status(ErrorKind::usage), kExitUsage);
  EXPECT_EQ(exit_status(ErrorKind::configuration), kExitUsage);
  EXPECT_EQ(exit_status(ErrorKind::io), kExitUsage);
  EXPECT_EQ(exit_status(ErrorKind::input), kExitFindings);
  EXPECT_EQ(exit_status(ErrorKind::network), kExitFindings);
}

TEST(CommandResult, FindingsDecideWhenNothingStoppedTheRun) {
  CommandResult r;
  EXPECT_EQ(exit_status(r), kExitOk);
  r.diagnostics.warning({"a.md", 1, 1}, "x/y", "a warning");
  EXPECT_EQ(exit_status(r), kExitOk);
  r.diagnostics.error({"a.md", 1, 1}, "x/y", "an error");
  EXPECT_EQ(exit_status(r), kExitFindings);
}

TEST(CommandResult, TheKindNotTheWordingDecides) {
  CommandResult r;
  r.diagnostics.error({"a.md", 1, 1}, "x/y", "an error");
  // A message that starts like an option does not make a usage error...
  r.stop(ErrorKind::network, "--smtp refused the connection");
  EXPECT_EQ(exit_status(r), kExitFindings);
  // ...and one that does not is a usage error when its kind says so.
  r.stop(ErrorKind::usage, "no such file: a.md");
  EXPECT_EQ(exit_status(r), kExitUsage);
  EXPECT_EQ(r.error->message, "no such file: a.md");
}

// `send` classifies its problems by kind: the file, the options, the server.
TEST(CommandResult, SendReportsEachProblemWithItsKind) {
  test::TempDir dir;
  const std::string missing = (dir.path() / "missing.eml").string();
  CommandResult r = run_send(missing, "smtp://127.0.0.1:1", "a@b.example", "");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->kind, ErrorKind::io);
  EXPECT_EQ(exit_status(r), kExitUsage);

  test::write_text(dir.path(), "plain.eml", "not an email\n");
  r = run_send((dir.path() / "plain.eml").string(), "smtp://127.0.0.1:1", "a@b.example", "");
  EXPECT_FALSE(r.error);
  EXPECT_EQ(exit_status(r), kExitFindings);

  const std::string eml = (dir.path() / "ok.eml").string();
  test::write_text(dir.path(), "ok.eml", "From: A <a@b.example>\r\nSubject: s\r\n\r\nbody\r\n");
  r = run_send(eml, "http://127.0.0.1:1", "a@b.example", "");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->kind, ErrorKind::usage);
  r = run_send(eml, "smtp://127.0.0.1:1", "not an address", "");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->kind, ErrorKind::usage);
  r = run_send(eml, "smtp://127.0.0.1:1", "a@b.example", "");  // nothing listens on port 1
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->kind, ErrorKind::network);
  EXPECT_EQ(exit_status(r), kExitFindings);
}

// A configuration that cannot be read stops every command the same way.
TEST(CommandResult, AMissingConfigurationIsAConfigurationError) {
  test::TempDir dir;
  const ValidateResult v = run_validate({dir.path(), {}, 1, {}});
  ASSERT_TRUE(v.error);
  EXPECT_EQ(v.error->kind, ErrorKind::configuration);
  EXPECT_TRUE(v.error->message.empty());  // the diagnostics say why
  EXPECT_TRUE(v.diagnostics.has_errors());
  EXPECT_EQ(exit_status(run_i18n_stats(dir.path())), kExitUsage);
  EXPECT_EQ(exit_status(run_translations(dir.path())), kExitUsage);
  EXPECT_EQ(exit_status(run_new(dir.path(), "news/x", "", "news")), kExitUsage);
}

TEST(CommandResult, AMissingFileArgumentIsAUsageError) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const ValidateResult v = run_validate({dir.path(), {"content/nothing.md"}, 1, {}});
  ASSERT_TRUE(v.error);
  EXPECT_EQ(v.error->kind, ErrorKind::usage);
  EXPECT_EQ(v.error->message, "no such file: content/nothing.md");
}

}  // namespace
}  // namespace pp
