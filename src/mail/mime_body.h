#pragma once
// The multipart/alternative body of an email, written without GMime's object
// model: each part's bytes are encoded once by GMime's own encoders.

#include <string>
#include <string_view>

namespace pp {

/// Whether GMime 3 would pick base64 for a text part of these bytes under the
/// 7-bit constraint (its "best" filter: a NUL byte, or bytes of 0x80 and up
/// making 17 % or more of the part); quoted-printable otherwise.
bool text_part_wants_base64(std::string_view text);

/// The bytes after the top-level headers' blank line of a multipart/alternative
/// holding `text` (text/plain) then `html` (text/html), both UTF-8, each in
/// the encoding text_part_wants_base64 chooses, CRLF line ends: byte for byte
/// what GMime 3.2 writes for the same parts.
std::string alternative_body(std::string_view text, std::string_view html,
                             std::string_view boundary);

}  // namespace pp
