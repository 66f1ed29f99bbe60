#pragma once
// Internal to content: the raw HTML allow-list (docs/spec.md §4 "Raw HTML"):
// which elements and attributes pass, and with which values.

#include <string>
#include <vector>

namespace pp {

/// An element editors write in Markdown, with the attributes it keeps
/// (besides dir and lang, which every one keeps).
struct Allowed {
  const char* tag;
  std::vector<const char*> attributes;
};

/// The allowed elements.
const std::vector<Allowed>& allow_list();

/// Attributes every allowed element keeps: its text's direction and language.
bool global_attribute(const std::string& name);

/// Attributes whose loss no reader can see (where a link opens, how search
/// engines follow it, data for scripts): left out without a finding.
bool unseen_attribute(const std::string& name);

/// Elements dropped with everything in them: code, styles, embedded
/// documents, forms' controls, media and foreign (SVG, MathML) content.
bool removed_with_content(const std::string& tag);

/// Elements whose text is never shown, so losing it loses nothing a reader saw.
bool invisible_content(const std::string& tag);

/// Elements that start a line of their own in text.
bool breaks_line(const std::string& tag);

/// Elements without an end tag.
bool void_element(const std::string& tag);

/// Whether an allowed attribute's value may pass; `reason` says why a src
/// or href does not.
bool value_allowed(const std::string& name, const std::string& value, std::string& reason);

}  // namespace pp
