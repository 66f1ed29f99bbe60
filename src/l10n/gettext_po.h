#pragma once
// Internal to l10n: .po and .pot text read and written by libgettextpo, the
// library of GNU gettext's own reader and writer (entries wrapped as msgcat
// wraps them).

#include <optional>
#include <string>
#include <vector>

namespace pp {

/// A file in memory, of this process only (memfd): libgettextpo and the
/// gettext tools read and write files by name, and this one no other
/// process can replace. Its name is /proc/self/fd/N — in a child too when
/// `inheritable` (the descriptor is then not closed on exec).
class MemoryFile {
 public:
  explicit MemoryFile(bool inheritable = false);
  ~MemoryFile();
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;
  bool ok() const { return fd_ >= 0; }
  std::string path() const;
  /// Appends `text`; false when the memory cannot hold it.
  bool write_all(const std::string& text);
  /// Everything the file holds.
  std::string read_all();

 private:
  int fd_;
};

/// One entry of a catalog (the header, msgid "", included). No plural forms:
/// article catalogs have none.
struct PoMessage {
  std::string context, msgid, msgstr;
  std::string previous_msgid;  ///< `#| msgid`, beside a fuzzy entry
  std::string comments;        ///< translator comments (`# `), lines joined by '\n'
  std::string notes;           ///< extracted comments (`#. `)
  std::vector<std::pair<std::string, int>> references;  ///< `#: file:line`
  bool fuzzy = false, obsolete = false;
};

/// The entries of `text`, in file order; nullopt with `error` (gettext's
/// first message) when libgettextpo cannot read it.
std::optional<std::vector<PoMessage>> read_po_messages(const std::string& text, std::string& error);

/// `messages` as a catalog file, written by libgettextpo; nullopt with `error`
/// when it refuses them.
std::optional<std::string> write_po_messages(const std::vector<PoMessage>& messages,
                                             std::string& error);

}  // namespace pp
