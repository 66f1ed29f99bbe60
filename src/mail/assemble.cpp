// GMime 3 assembly of one email. The traps of GMime 3.2 (Debian 12) that this
// avoids are listed in docs/email.md.
#include <gmime/gmime.h>

#include <cctype>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

#include "core/code_points.h"
#include "core/digest.h"
#include "core/markup_text.h"
#include "core/text.h"
#include "mail/mail.h"
#include "mail/mime_body.h"

namespace pp {

namespace {

void init_gmime() {
  static std::once_flag once;
  std::call_once(once, [] { g_mime_init(); });
}

// GObject references released at scope end.
struct Unref {
  void operator()(gpointer p) const {
    if (p) g_object_unref(p);
  }
};
template <typename T>
using GPtr = std::unique_ptr<T, Unref>;

// Untrusted text for a header: every control character (C0, DEL, C1) and
// line or paragraph separator becomes a space, so nothing from content can
// end a header line or start a new one; noncharacters are dropped; bytes that
// are not UTF-8 become U+FFFD (GMime would otherwise call the text Latin-1 and
// write it as one unfolded line); bidi controls are closed at the end, so a
// subject cannot reorder what a mail client shows after it.
std::string header_text(const std::string& s) {
  const std::string text = close_bidi_controls(replace_invalid_utf8(s));
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const CodePoint cp = decode_utf8_at(text, i);
    if (is_control_character(cp.value) || cp.value == 0x2028 || cp.value == 0x2029)
      out += ' ';
    else if (!is_noncharacter(cp.value))
      out.append(text, i, cp.length);
    i += cp.length;
  }
  return out;
}

// A URL or id written verbatim: printable ASCII, no space, no angle bracket.
bool verbatim_safe(const std::string& s) {
  if (s.empty()) return false;
  for (unsigned char c : s)
    if (c <= 0x20 || c >= 0x7f || c == '<' || c == '>' || c == '"') return false;
  return true;
}

// A subject written entirely as Q encoded-words (RFC 2047 §4.2): each at most
// 75 characters, never splitting a UTF-8 sequence, one per folded line so no
// line passes 76. Q rather than B: GMime's own decoder (and the clients built
// on it) stops at base64 padding when it joins adjacent words.
std::string forced_encoded_words(const std::string& text, std::size_t first_line_used) {
  static const char* hex = "0123456789ABCDEF";
  std::string out, word;
  bool first = true;
  auto flush = [&] {
    out += std::string(first ? " " : "\n ") + "=?utf-8?Q?" + word + "?=";
    word.clear();
    first = false;
  };
  for (std::size_t i = 0; i < text.size();) {
    // One whole character, encoded.
    std::size_t len = 1;
    while (i + len < text.size() && (static_cast<unsigned char>(text[i + len]) & 0xC0) == 0x80)
      ++len;
    std::string enc;
    for (std::size_t k = i; k < i + len; ++k) {
      const unsigned char c = static_cast<unsigned char>(text[k]);
      if (std::isalnum(c) || std::strchr("!*+-/", c))
        enc += static_cast<char>(c);
      else if (c == ' ')
        enc += '_';
      else
        enc += std::string{'=', hex[c >> 4], hex[c & 15]};
    }
    // "=?utf-8?Q?" + "?=" is 12 characters; a line is at most 76.
    const std::size_t budget = first ? 76 - first_line_used - 1 - 12 : 76 - 1 - 12;
    if (!word.empty() && word.size() + enc.size() > budget) flush();
    word += enc;
    i += len;
  }
  if (!word.empty() || first) flush();
  return out + "\n";
}

// Whether GMime's own encoding of a subject would be wrong: a word shaped like
// an encoded-word (left as it is), or non-ASCII text, whose encoded-words GMime
// 3.2 lets grow past 75 characters when a run has no space (CJK titles).
bool needs_own_encoding(const std::string& s) {
  const auto open = s.find("=?");
  if (open != std::string::npos && s.find("?=", open + 2) != std::string::npos) return true;
  std::size_t run = 0;
  for (unsigned char c : s) {
    if (c >= 0x80) return true;
    run = c == ' ' ? 0 : run + 1;
    if (run > 60) return true;
  }
  return false;
}

// Why a value written verbatim into a header cannot be (a line break, a
// non-ASCII byte…), or nullopt when all can.
std::optional<std::string> verbatim_refusal(const EmailContent& c) {
  if (!verbatim_safe(c.message_id) || c.message_id.find('@') == std::string::npos)
    return "unsafe Message-ID \"" + header_text(c.message_id) + "\"";
  if (!verbatim_safe(c.unsubscribe_https) || c.unsubscribe_https.rfind("https://", 0) != 0 ||
      (!c.unsubscribe_mailto.empty() && !verbatim_safe(c.unsubscribe_mailto)) ||
      !verbatim_safe(c.list_id) || !verbatim_safe(c.language))
    return "an unsubscribe URL, list id or language that cannot be a header";
  return std::nullopt;
}

// From: exactly one mailbox with a short display name; false with `error` otherwise.
bool set_from(GMimeMessage* msg, const std::string& from_text, std::string& error) {
  GPtr<InternetAddressList> from(
      internet_address_list_parse(nullptr, header_text(from_text).c_str()));
  // One mailbox: a group ("Team: a@x, b@y;") also counts as one address.
  if (!from || internet_address_list_length(from.get()) != 1 ||
      !INTERNET_ADDRESS_IS_MAILBOX(internet_address_list_get_address(from.get(), 0))) {
    error = "newsletter.from is not one address: \"" + header_text(from_text) + "\"";
    return false;
  }
  InternetAddress* sender = internet_address_list_get_address(from.get(), 0);
  internet_address_set_charset(sender, "utf-8");  // never a legacy charset
  internet_address_list_add(g_mime_message_get_from(msg), sender);
  // GMime writes a display name's encoded-words on one line: a long one
  // would pass 998 octets (found by fuzzing). site.yaml keeps it short.
  if (const char* name = internet_address_get_name(sender);
      name && static_cast<std::size_t>(count_code_points(name)) > kMaxDisplayName) {
    error = "newsletter.from's display name is longer than " + std::to_string(kMaxDisplayName) +
            " characters";
    return false;
  }
  return true;
}

// Date: `epoch_s` in `time_zone` (UTC when GLib does not know it).
void set_date(GMimeMessage* msg, std::int64_t epoch_s, const std::string& time_zone) {
  // GLib reads the zone's tzfile each time one is made: one per thread and zone.
  thread_local std::string tz_name;
  thread_local GTimeZone* tz_cached = nullptr;
  if (!tz_cached || tz_name != time_zone) {
    if (tz_cached) g_time_zone_unref(tz_cached);
    tz_cached = g_time_zone_new_identifier(time_zone.c_str());
    if (!tz_cached) tz_cached = g_time_zone_new_utc();
    tz_name = time_zone;
  }
  GTimeZone* tz = g_time_zone_ref(tz_cached);
  GDateTime* utc = g_date_time_new_from_unix_utc(epoch_s);
  GDateTime* local = g_date_time_to_timezone(utc, tz);
  g_mime_message_set_date(msg, local);
  g_date_time_unref(local);
  g_date_time_unref(utc);
  g_time_zone_unref(tz);
}

// Subject: GMime's encoding, or our own encoded-words where GMime's would be wrong.
void set_subject(GMimeMessage* msg, const std::string& untrusted) {
  const std::string subject = header_text(untrusted);
  g_mime_message_set_subject(msg, subject.c_str(), "utf-8");
  if (needs_own_encoding(subject))
    g_mime_header_set_raw_value(
        g_mime_header_list_get_header(g_mime_object_get_header_list(GMIME_OBJECT(msg)), "Subject"),
        forced_encoded_words(subject, 8).c_str());
}

// Content-Language and the List-* headers.
void set_list_headers(GMimeMessage* msg, const EmailContent& c) {
  GMimeObject* top = GMIME_OBJECT(msg);
  GMimeHeaderList* headers = g_mime_object_get_header_list(top);
  g_mime_object_set_header(top, "Content-Language", c.language.c_str(), nullptr);
  // Written verbatim: GMime would RFC 2047-encode a long URL, which clients
  // then refuse (List-Unsubscribe must never be encoded).
  auto set_raw = [&](const char* name, const std::string& raw) {
    g_mime_object_set_header(top, name, "x", nullptr);
    g_mime_header_set_raw_value(g_mime_header_list_get_header(headers, name), raw.c_str());
  };
  set_raw("List-Id", " <" + c.list_id + ">\n");
  set_raw("List-Unsubscribe",
          " <" + c.unsubscribe_https + ">" +
              (c.unsubscribe_mailto.empty() ? std::string()
                                            : ",\n <mailto:" + c.unsubscribe_mailto + ">") +
              "\n");
  set_raw("List-Unsubscribe-Post", " List-Unsubscribe=One-Click\n");
}

// A message holding the headers every email of one list and language shares
// (From, Content-Language, List-*), made once per thread: its Date, Subject
// and Message-Id are set anew for each email, in the places they took in
// the first, so the header order is that of a message made for each email.
// nullptr with `error` when From cannot be written.
GMimeMessage* shared_message(const EmailContent& c, std::string& error) {
  struct Shared {
    std::string key;
    GPtr<GMimeMessage> msg;
  };
  thread_local std::vector<Shared> made;
  const std::string key = c.from + '\n' + c.language + '\n' + c.list_id + '\n' +
                          c.unsubscribe_https + '\n' + c.unsubscribe_mailto;
  for (const auto& s : made)
    if (s.key == key) return s.msg.get();
  GPtr<GMimeMessage> msg(g_mime_message_new(TRUE));
  if (!set_from(msg.get(), c.from, error)) return nullptr;
  // Date and Subject have their places in a new message; Message-Id takes
  // its place here, before the list headers, and keeps it when set again.
  g_mime_message_set_message_id(msg.get(), c.message_id.c_str());
  set_list_headers(msg.get(), c);
  if (made.size() >= 64) made.clear();  // a site has a few languages and lists
  made.push_back({key, std::move(msg)});
  return made.back().msg.get();
}

// The header block as GMime writes it (folded, encoded, CRLF), without the
// blank line that ends it.
std::string header_bytes(GMimeMessage* msg) {
  GMimeFormatOptions* options = g_mime_format_options_clone(nullptr);
  g_mime_format_options_set_newline_format(options, GMIME_NEWLINE_FORMAT_DOS);
  char* headers = g_mime_object_get_headers(GMIME_OBJECT(msg), options);
  g_mime_format_options_free(options);
  std::string out(headers ? headers : "");
  g_free(headers);
  return out;
}

}  // namespace

std::optional<std::string> assemble_email(const EmailContent& c, std::string& error) {
  init_gmime();
  if (auto refusal = verbatim_refusal(c)) {
    error = std::move(*refusal);
    return std::nullopt;
  }
  GMimeMessage* msg = shared_message(c, error);
  if (!msg) return std::nullopt;
  set_date(msg, c.date_epoch_s, c.time_zone);
  g_mime_message_set_message_id(msg, c.message_id.c_str());
  set_subject(msg, c.subject);
  // A boundary from the content, so the same email is the same bytes.
  const std::string boundary = "=-pp-" + git_blob_id(c.text + '\0' + c.html).substr(0, 24);
  return header_bytes(msg) +
         "MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=\"" + boundary +
         "\"\r\n\r\n" + alternative_body(c.text, c.html, boundary);
}

}  // namespace pp
