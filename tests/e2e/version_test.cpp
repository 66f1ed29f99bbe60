// `polypress --version` prints the version set once, in the top-level
// CMakeLists.txt's project() (core/version.h is generated from it).
#include <gtest/gtest.h>

#include "support/temp_site.h"

namespace pp {

TEST(Version, IsTheProjectsVersion) {
  const auto r = test::run_polypress({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, std::string("polypress ") + POLYPRESS_PROJECT_VERSION + "\n");
  EXPECT_EQ(r.err, "");
}

}  // namespace pp
