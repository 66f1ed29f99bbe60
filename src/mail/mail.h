#pragma once
// Stage: one email's content → an RFC 5322 message (bytes), assembled by GMime 3.

#include <cstdint>
#include <optional>
#include <string>

#include "core/command_result.h"

namespace pp {

/// Everything an email says, before MIME. Text is UTF-8; nothing is encoded yet.
/// The longest display name of a From address, in characters.
inline constexpr std::size_t kMaxDisplayName = 100;

struct EmailContent {
  std::string from;                ///< "Name <address>" (site.yaml newsletter.from)
  std::string subject;             ///< untrusted: control characters become spaces
  std::int64_t date_epoch_s = 0;   ///< the Date header's instant
  std::string time_zone;           ///< IANA zone the Date header is written in
  std::string message_id;          ///< "left@domain", without the angle brackets
  std::string language;            ///< Content-Language (BCP 47)
  std::string list_id;             ///< List-Id, "weekly-brief.reviews.example"
  std::string unsubscribe_https;   ///< List-Unsubscribe https URL
  std::string unsubscribe_mailto;  ///< List-Unsubscribe mailto address (may be empty)
  std::string text, html;          ///< the two alternatives
};

/// The message as bytes: multipart/alternative (text/plain then text/html, both
/// UTF-8, quoted-printable or base64), CRLF line ends, RFC 2047 headers, a
/// boundary derived from the content (same input, same bytes). nullopt with
/// `error` set when a header value cannot be written safely (a URL or id with
/// spaces, angle brackets or control characters).
std::optional<std::string> assemble_email(const EmailContent& content, std::string& error);

/// Where and to whom `send` delivers a message.
struct SendOptions {
  std::string smtp_url;  ///< smtp://host:port or smtps://host:port
  std::string to;        ///< one address
  std::string from;      ///< envelope sender; empty: the message's From address
  /// Send credentials of the URL without TLS when the server offers no
  /// STARTTLS (`--insecure-auth`); otherwise they only ever go over TLS.
  bool insecure_auth = false;
};

/// `url` with the password of its user information shown as "***": what is
/// printed of an SMTP URL (smtp://user:***@host).
std::string redacted_url(const std::string& url);

/// The address of a message's From header ("" when there is none).
std::string envelope_sender(const std::string& message);

/// `message` with a "To: <to>" header added at the end of its header block
/// when it has no To field; unchanged when it has one or has no header block.
/// `to` must have passed plausible_address.
std::string with_to_header(const std::string& message, const std::string& to);

/// Whether `a` looks like one bare address local@domain (no white space,
/// control characters or specials; an ASCII domain).
bool plausible_address(const std::string& a);

/// Delivers `message` (bytes of an .eml, CRLF) through the SMTP server with
/// libcurl; false with `error` set when it does not go through: a usage error
/// for a bad --smtp or --to, an input error for a message without a sender,
/// a network error with a readable reason (connection refused, the server's
/// SMTP code).
bool send_email(const std::string& message, const SendOptions& options, RunError& error);

}  // namespace pp
