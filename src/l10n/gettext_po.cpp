#include "l10n/gettext_po.h"

#include <gettext-po.h>
#include <sys/mman.h>
#include <unistd.h>

#include <csetjmp>
#include <cstdlib>
#include <cstring>

#include "core/leak_suppressions.h"
#include "core/text.h"

namespace pp {

MemoryFile::MemoryFile(bool inheritable)
    : fd_(::memfd_create("polypress-po", inheritable ? 0 : MFD_CLOEXEC)) {}

MemoryFile::~MemoryFile() {
  if (fd_ >= 0) ::close(fd_);
}

std::string MemoryFile::path() const {
  return "/proc/self/fd/" + std::to_string(fd_);
}

bool MemoryFile::write_all(const std::string& text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::string MemoryFile::read_all() {
  std::string out;
  char buf[65536];
  ::lseek(fd_, 0, SEEK_SET);
  for (ssize_t n; (n = ::read(fd_, buf, sizeof buf)) > 0;)
    out.append(buf, static_cast<std::size_t>(n));
  return out;
}

namespace {

// The first message gettext gave, and where a fatal one returns to: its
// handler must not return (gettext-po.h).
thread_local std::string* first_error = nullptr;
thread_local std::jmp_buf* on_fatal = nullptr;

void note_error(int severity, const char* text) {
  if (first_error && first_error->empty() && text) *first_error = text;
  if (severity == PO_SEVERITY_FATAL_ERROR && on_fatal) std::longjmp(*on_fatal, 1);
}

void xerror(int severity, po_message_t, const char*, size_t, size_t, int, const char* text) {
  note_error(severity, text);
}

void xerror2(int severity, po_message_t, const char*, size_t, size_t, int, const char* text1,
             po_message_t, const char*, size_t, size_t, int, const char*) {
  note_error(severity, text1);
}

const po_xerror_handler handler{xerror, xerror2};

std::string text_or_empty(const char* s) {
  return s ? s : "";
}

// libgettextpo 0.21 returns comments joined into a new string the caller
// must free (its "FIXME: memory leak"), or a static "" when there are none.
std::string joined_comments(const char* joined) {
  std::string out = joined ? joined : "";
  if (joined && *joined) std::free(const_cast<char*>(joined));
  return out;
}

// libgettextpo's po_file_free() leaves every msgctxt allocated; setting it to
// none frees it first.
void free_file(po_file_t file) {
  po_message_iterator_t it = po_message_iterator(file, nullptr);
  while (po_message_t m = po_next_message(it)) po_message_set_msgctxt(m, nullptr);
  po_message_iterator_free(it);
  po_file_free(file);
}

// Runs `body` with gettext's fatal errors returning here: false when one did.
template <typename F>
bool guarded(std::string& error, F&& body) {
  std::jmp_buf jump;
  first_error = &error;
  on_fatal = &jump;
  // Nothing with a destructor lives between here and the library's frames.
  if (setjmp(jump) != 0) {
    first_error = nullptr;
    on_fatal = nullptr;
    return false;
  }
  body();
  first_error = nullptr;
  on_fatal = nullptr;
  return true;
}

}  // namespace

std::optional<std::vector<PoMessage>> read_po_messages(const std::string& text,
                                                       std::string& error) {
  MemoryFile f;
  if (!f.ok() || !f.write_all(text)) {
    error = "cannot hold the catalog in memory";
    return std::nullopt;
  }
  const std::string path = f.path();
  keep_leak_suppressions();  // the file names libgettextpo keeps
  po_file_t file = nullptr;
  if (!guarded(error, [&] { file = po_file_read(path.c_str(), &handler); }) || !file) {
    if (file) free_file(file);
    if (error.empty()) error = "not a gettext catalog";
    return std::nullopt;
  }
  std::vector<PoMessage> out;
  po_message_iterator_t it = po_message_iterator(file, nullptr);
  while (po_message_t m = po_next_message(it)) {
    PoMessage p;
    p.context = text_or_empty(po_message_msgctxt(m));
    p.msgid = text_or_empty(po_message_msgid(m));
    p.msgstr = text_or_empty(po_message_msgstr(m));
    p.previous_msgid = text_or_empty(po_message_prev_msgid(m));
    p.comments = joined_comments(po_message_comments(m));
    p.notes = joined_comments(po_message_extracted_comments(m));
    for (int i = 0; po_filepos_t pos = po_message_filepos(m, i); ++i)
      p.references.emplace_back(text_or_empty(po_filepos_file(pos)),
                                static_cast<int>(po_filepos_start_line(pos)));
    p.fuzzy = po_message_is_fuzzy(m) != 0;
    p.obsolete = po_message_is_obsolete(m) != 0;
    out.push_back(std::move(p));
  }
  po_message_iterator_free(it);
  free_file(file);
  return out;
}

std::optional<std::string> write_po_messages(const std::vector<PoMessage>& messages,
                                             std::string& error) {
  // libgettextpo aborts on text that is not UTF-8: it is refused here.
  for (const auto& p : messages)
    for (const std::string* t :
         {&p.context, &p.msgid, &p.msgstr, &p.previous_msgid, &p.comments, &p.notes})
      if (find_invalid_utf8(*t) != std::string::npos) {
        error = "not valid UTF-8: \"" + quote_for_message(p.msgid, 40) + "\"";
        return std::nullopt;
      }
  po_file_t file = po_file_create();
  po_message_iterator_t it = po_message_iterator(file, nullptr);
  for (const auto& p : messages) {
    po_message_t m = po_message_create();
    if (!p.context.empty()) po_message_set_msgctxt(m, p.context.c_str());
    po_message_set_msgid(m, p.msgid.c_str());
    po_message_set_msgstr(m, p.msgstr.c_str());
    if (!p.previous_msgid.empty()) po_message_set_prev_msgid(m, p.previous_msgid.c_str());
    if (!p.comments.empty()) po_message_set_comments(m, p.comments.c_str());
    if (!p.notes.empty()) po_message_set_extracted_comments(m, p.notes.c_str());
    for (const auto& [ref, line] : p.references)
      po_message_add_filepos(m, ref.c_str(), static_cast<size_t>(line));
    po_message_set_fuzzy(m, p.fuzzy ? 1 : 0);
    po_message_set_obsolete(m, p.obsolete ? 1 : 0);
    po_message_insert(it, m);
  }
  po_message_iterator_free(it);
  MemoryFile f;
  std::optional<std::string> out;
  const std::string path = f.path();
  po_file_t written = nullptr;
  if (f.ok() && guarded(error, [&] { written = po_file_write(file, path.c_str(), &handler); }) &&
      written)
    out = f.read_all();
  else if (error.empty())
    error = "libgettextpo could not write the catalog";
  free_file(file);
  return out;
}

}  // namespace pp
