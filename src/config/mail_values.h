#pragma once
// Internal to config: the newsletter values every email writes into a header
// (From, List-Id, List-Unsubscribe), checked when site.yaml is read so that a
// value assembly would refuse is one finding at site.yaml, not one per email.

#include <string>
#include <string_view>

namespace pp {

/// Why `s` is not a plain address `local@domain`, or "": the local part is
/// dot-separated words of letters, digits and ! $ ' * + - _ ~ (characters an
/// address and a mailto: URL both take as they are), the domain at least two
/// dot-separated labels of letters, digits and inner hyphens.
std::string address_problem(std::string_view s);

/// Why `from` is not one mailbox, or "": `local@domain`, or a display name
/// followed by `<local@domain>`. The name is either quoted ("…", without `"`
/// or `\` inside) or a phrase without the specials ( ) < > [ ] : ; @ \ , ";
/// no control character anywhere.
std::string mailbox_problem(std::string_view from);

/// Why `s` cannot be a List-Id (RFC 2919: dot-separated words of RFC 5322
/// atext, at least two), or "".
std::string list_id_problem(std::string_view s);

/// Why `s` cannot be written verbatim as List-Unsubscribe's URL, or "": it
/// must be https (one-click unsubscribe, RFC 8058) and printable ASCII without
/// space, quote or angle brackets.
std::string unsubscribe_url_problem(std::string_view s);

}  // namespace pp
