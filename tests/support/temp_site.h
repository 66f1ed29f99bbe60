#pragma once
// Test support: temporary sites on disk, running the binary, reading trees.

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace pp::test {

/// A folder under the system temp dir, removed when the object dies.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

/// Writes `content` to root/rel, creating folders.
void write_text(const std::filesystem::path& root, const std::string& rel,
                const std::string& content);

/// Reads a whole file ("" when missing).
std::string read_text(const std::filesystem::path& file);

/// Copies every regular file under `from` into `to`.
void copy_tree(const std::filesystem::path& from, const std::filesystem::path& to);

/// Gives a site `polypress init` made its postal address (its commented
/// `# address:` line in site.yaml filled in), as an editor does first: its
/// builds then warn of nothing.
void give_postal_address(const std::filesystem::path& site);

/// The text and HTML parts of a stored email, decoded as a reader's client
/// decodes them (by Python's email package); on failure, its error and "".
std::pair<std::string, std::string> email_parts(const std::filesystem::path& eml);

/// A small valid two-language site (en source, ar translation) in `root`.
void make_minimal_site(const std::filesystem::path& root);

/// `root` and every file and folder under it modified an hour ago: no stamp
/// there is racy (docs/incremental.md), without waiting for the racy window
/// to pass.
void make_old(const std::filesystem::path& root);

/// Writes the news bundle `id` (content/news/<id>/) into `root`: an English
/// source dated 2026-11-<day> and its Arabic translation. "n05" names
/// news/n02 as related; "n06" links to it in its body.
void add_news_bundle(const std::filesystem::path& root, const std::string& id, int day);

/// Writes bench/gen_corpus.py's site of `bundles` bundles × 5 languages into
/// `root`; "" when it did, else what the script printed.
std::string generate_bench_corpus(const std::filesystem::path& root, int bundles);

/// Fills every empty msgstr of a catalog with "T<n> " (n counts entries) and
/// its msgid (tokens, links and a raw HTML element's first tag kept); a
/// heading's with its msgid alone, so that links to its anchor still hold.
void translate_all(const std::filesystem::path& po);

/// Every regular file under `dir`, by '/'-separated relative path, with its bytes.
std::map<std::string, std::string> read_tree(const std::filesystem::path& dir);

/// Result of running the polypress binary.
struct Run {
  int exit_code = -1;
  std::string out, err;
};

/// Runs the built polypress with arguments, and with `env` ("NAME=value")
/// added to its environment.
Run run_polypress(const std::vector<std::string>& args, const std::vector<std::string>& env = {});

/// The repository's source folder.
std::filesystem::path source_dir();

}  // namespace pp::test

namespace pp::test {

/// tests/e2e/link_server.py on 127.0.0.1, started in the constructor and killed
/// in the destructor. Its log records connections and requests.
class LinkServer {
 public:
  /// Plain http; with `tls`, https with a self-signed certificate made by openssl.
  explicit LinkServer(bool tls = false);
  ~LinkServer();
  LinkServer(const LinkServer&) = delete;
  LinkServer& operator=(const LinkServer&) = delete;
  int port() const { return port_; }
  /// "http://127.0.0.1:PORT" + path
  std::string url(const std::string& path) const;
  /// Lines of the log so far.
  std::vector<std::string> log() const;

 private:
  TempDir dir_;
  int pid_ = -1;
  int port_ = 0;
  bool tls_ = false;
};

}  // namespace pp::test

namespace pp::test {

/// tests/e2e/smtp_sink.py (aiosmtpd) on 127.0.0.1, started in the constructor
/// and stopped in the destructor; what it receives lands in dir().
class SmtpServer {
 public:
  /// With `mode` "reject", every recipient is refused (550); with "auth",
  /// AUTH is offered without TLS (and no STARTTLS) and each login is
  /// written to auth.log in dir().
  explicit SmtpServer(const std::string& mode = "");
  ~SmtpServer();
  SmtpServer(const SmtpServer&) = delete;
  SmtpServer& operator=(const SmtpServer&) = delete;
  int port() const { return port_; }
  const std::filesystem::path& dir() const { return dir_.path(); }

 private:
  TempDir dir_;
  int pid_ = -1;
  int port_ = 0;
};

}  // namespace pp::test
