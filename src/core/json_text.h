#pragma once
// Writing JSON that never throws on text from files.

#include <nlohmann/json.hpp>
#include <string>

#include "core/visible_text.h"

namespace pp {

/// `j` as JSON text (indented by `indent` spaces, -1: one line); bytes that
/// are not UTF-8 (a path or a message quoting a broken file) become U+FFFD
/// instead of an exception, and characters a terminal acts on (DEL, C1
/// controls, line separators, bidi controls) are \u escapes like C0 controls.
inline std::string json_text(const nlohmann::json& j, int indent = -1) {
  return json_escape_invisible(
      j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace));
}

}  // namespace pp
