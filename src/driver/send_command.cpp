// `send`: one .eml polypress wrote, to one address, through an SMTP server.
#include "core/file_io.h"
#include "core/limits.h"
#include "driver/driver.h"
#include "mail/mail.h"

namespace pp {

CommandResult run_send(const std::string& file, const std::string& smtp_url, const std::string& to,
                       const std::string& from, bool insecure_auth) {
  CommandResult result;
  const ReadResult bytes = read_file(file, kMaxCatalogBytes);
  if (!bytes.ok) {
    result.stop(ErrorKind::io, "cannot read " + file + ": " + bytes.error);
    return result;
  }
  // Only a whole message with CRLF line ends goes on the wire.
  if (bytes.bytes.find("\r\n\r\n") == std::string::npos || envelope_sender(bytes.bytes).empty()) {
    result.diagnostics.error({file, 1, 1}, "email/header",
                             "not an email polypress wrote: no CRLF header block with a From "
                             "address");
    return result;
  }
  RunError error;
  if (!send_email(bytes.bytes, {smtp_url, to, from, insecure_auth}, error))
    result.error = std::move(error);
  return result;
}

}  // namespace pp
