// Reading site.yaml's values with located errors.
#include "config/config_reader.h"

namespace pp {

bool expect_map(const YAML::Node& n, const std::string& what, Reader& r) {
  if (n && n.IsMap()) return true;
  r.sink().error(location_of(n, r.origin()), "config/value-type",
                 "'" + what + "' must be a mapping");
  return false;
}

}  // namespace pp
