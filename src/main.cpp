// polypress: argv → command → exit status.
#include <exception>
#include <iostream>

#include "cli/cli.h"
#include "core/visible_text.h"

int main(int argc, char** argv) {
  try {
    return pp::run_cli(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::exception& e) {
    // Reaching here is a bug; still say so plainly and fail.
    std::cerr << "polypress: internal error: " << pp::visible_text(e.what()) << "\n";
    return 3;
  }
}
