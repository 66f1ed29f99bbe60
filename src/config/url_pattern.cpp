#include "config/url_pattern.h"

#include <re2/re2.h>

namespace pp {

UrlPattern::UrlPattern(const std::string& pattern) {
  RE2::Options options;
  options.set_log_errors(false);  // the error is reported as a located finding
  re_ = std::make_unique<RE2>(pattern, options);
  if (!re_->ok()) error_ = re_->error();
}

UrlPattern::~UrlPattern() = default;
UrlPattern::UrlPattern(UrlPattern&&) noexcept = default;
UrlPattern& UrlPattern::operator=(UrlPattern&&) noexcept = default;

bool UrlPattern::valid() const {
  return re_ && re_->ok();
}

bool UrlPattern::found_in(std::string_view url) const {
  return valid() && RE2::PartialMatch(url, *re_);
}

}  // namespace pp
