#include "support/temp_site.h"

#include <unistd.h>
#include <chrono>

#include <fstream>
#include <random>
#include <sstream>

#include "core/process.h"

namespace pp::test {

namespace fs = std::filesystem;

TempDir::TempDir() {
  std::random_device rd;
  path_ = fs::temp_directory_path() /
          ("polypress-test-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, ec);
  fs::remove_all(path_, ec);
}

void write_text(const fs::path& root, const std::string& rel, const std::string& content) {
  const fs::path p = root / rel;
  fs::create_directories(p.parent_path());
  std::ofstream f(p, std::ios::binary);
  f << content;
}

std::string read_text(const fs::path& file) {
  std::ifstream f(file, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

void copy_tree(const fs::path& from, const fs::path& to) {
  for (const auto& e : fs::recursive_directory_iterator(from)) {
    const fs::path target = to / fs::relative(e.path(), from);
    if (e.is_directory())
      fs::create_directories(target);
    else if (e.is_regular_file())
      write_text(to, fs::relative(e.path(), from).generic_string(), read_text(e.path()));
  }
}

void give_postal_address(const fs::path& site) {
  std::string yaml = read_text(site / "pipeline/site.yaml");
  const std::string commented = "  # address: ";
  const auto at = yaml.find(commented);
  if (at == std::string::npos) return;
  yaml.replace(at, yaml.find('\n', at) - at, "  address: \"Site Ltd, 1 Main St\"");
  write_text(site, "pipeline/site.yaml", yaml);
}

void make_minimal_site(const fs::path& root) {
  // The site's own files, plus the repository's templates and two catalogs, so
  // that golden output follows the shipped templates.
  copy_tree(source_dir() / "tests/e2e/sites/minimal", root);
  copy_tree(source_dir() / "pipeline/templates/html", root / "pipeline/templates/html");
  // The minimal site has a section the sample has not, "News" (the sample's
  // catalogs translate it only as an article type, in its own context): its
  // entry is added to each copy, at the end, so that lines above keep theirs.
  const std::pair<const char*, const char*> news[] = {
      {"en.po", "News"}, {"ar.po", "الأخبار"}, {"polypress.pot", ""}};
  for (const auto& [file, translation] : news)
    write_text(root, std::string("locales/") + file,
               read_text(source_dir() / "locales" / file) +
                   "\n#. The title of the section 'news' (site.yaml), in menus and lists\n"
                   "#: pipeline/site.yaml:10\nmsgid \"News\"\nmsgstr \"" +
                   translation + "\"\n");
}

void translate_all(const fs::path& po) {
  std::string text = read_text(po);
  int n = 0;
  for (std::size_t at = 0; (at = text.find("\nmsgstr \"\"\n", at)) != std::string::npos;) {
    // The header's msgstr continues on the next lines; the others are empty.
    if (text.compare(at + 11, 1, "\"") == 0) {
      at += 11;
      continue;
    }
    // "T<n> " and the msgid itself: tokens and links kept.
    const auto id_at = text.rfind("\nmsgid ", at);
    std::string msgid;
    for (std::size_t q = text.find('"', id_at); q < at; q = text.find('"', text.find('\n', q))) {
      const auto end = text.rfind('"', text.find('\n', q + 1));
      msgid += text.substr(q + 1, end - q - 1);
    }
    // A heading keeps its words, so that links to its anchor still hold.
    const bool heading = text.rfind("msgctxt \"heading-", id_at) != std::string::npos &&
                         text.rfind("msgctxt \"heading-", id_at) > text.rfind("\n\n", id_at);
    // Raw HTML keeps its tags: the mark goes after the first.
    const std::string mark = heading ? "" : "T" + std::to_string(++n) + " ";
    const std::size_t first_tag_end = msgid.starts_with("<") ? msgid.find('>') + 1 : 0;
    const std::string t = "\nmsgstr \"" + msgid.substr(0, first_tag_end) + mark +
                          msgid.substr(first_tag_end) + "\"\n";
    text.replace(at, 11, t);
    at += t.size();
  }
  write_text(po.parent_path(), po.filename().string(), text);
}

void make_old(const fs::path& root) {
  const auto then = fs::file_time_type::clock::now() - std::chrono::hours(1);
  fs::last_write_time(root, then);
  if (fs::is_directory(root))
    for (const auto& e : fs::recursive_directory_iterator(root))
      fs::last_write_time(e.path(), then);
}

void add_news_bundle(const fs::path& root, const std::string& id, int day) {
  const std::string dir = "content/news/" + id + "/";
  std::string en = "---\ntitle: \"News " + id + "\"\ntype: news\ndate: 2026-11-" +
                   (day < 10 ? "0" : "") + std::to_string(day) + "\nsummary: \"About " + id +
                   ".\"\nverdict: \"Fine.\"\nsources:\n  - {title: \"Post\", url: " +
                   "\"https://vendor.example/" + id +
                   "\", publisher: \"Vendor\", accessed: 2026-11-09}\n";
  if (id == "n05") en += "related: [news/n02]\n";
  en += "---\nBody of " + id + ".\n";
  if (id == "n06") en += "\nSee [the second](/news/n02).\n";
  write_text(root, dir + "index.en.md", en);
  write_text(root, dir + "index.ar.md",
             "---\ntitle: \"خبر " + id + "\"\nsummary: \"عن " + id +
                 ".\"\nverdict: \"جيد.\"\ntranslation_of: en\n---\nنص " + id + ".\n");
}

std::map<std::string, std::string> read_tree(const fs::path& dir) {
  std::map<std::string, std::string> out;
  std::error_code ec;
  if (!fs::exists(dir, ec)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file())
      out[fs::relative(e.path(), dir).generic_string()] = read_text(e.path());
  return out;
}

std::string generate_bench_corpus(const std::filesystem::path& root, int bundles) {
  const ProcessResult r = run_process({"python3", (source_dir() / "bench/gen_corpus.py").string(),
                                       "--bundles", std::to_string(bundles), root.string()});
  return r.exit_code == 0 ? std::string() : "gen_corpus.py failed: " + r.out + r.err;
}

Run run_polypress(const std::vector<std::string>& args, const std::vector<std::string>& env) {
  std::vector<std::string> argv;
  if (!env.empty()) {
    argv.push_back("env");
    argv.insert(argv.end(), env.begin(), env.end());
  }
  argv.push_back(POLYPRESS_BINARY);
  argv.insert(argv.end(), args.begin(), args.end());
  const ProcessResult r = run_process(argv);
  return {r.exit_code, r.out, r.err};
}

std::pair<std::string, std::string> email_parts(const fs::path& eml) {
  const auto parts = run_process(
      {"python3", "-c",
       "import email,email.policy,sys\n"
       "m=email.message_from_bytes(open(sys.argv[1],'rb').read(),policy=email.policy.default)\n"
       "p=list(m.iter_parts())\n"
       "sys.stdout.write(p[0].get_content()+'\\0'+p[1].get_content())",
       eml.string()});
  const auto nul = parts.out.find('\0');
  if (nul == std::string::npos) return {parts.err, ""};
  return {parts.out.substr(0, nul), parts.out.substr(nul + 1)};
}

fs::path source_dir() {
  return POLYPRESS_SOURCE_DIR;
}

}  // namespace pp::test

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

extern char** environ;

namespace pp::test {

namespace {

// Starts a server script (argv[0] searched in PATH) that prints its port on
// stdout once it listens; returns that port (0 when it did not start) and its pid.
int spawn_server(std::vector<std::string> args, int& pid_out) {
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) return 0;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawnp(&pid, args[0].c_str(), &actions, nullptr, argv.data(), environ) == 0)
    pid_out = pid;
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  std::string line;
  pollfd p{out[0], POLLIN, 0};
  while (line.find('\n') == std::string::npos && ::poll(&p, 1, 10000) > 0) {
    char buf[64];
    const ssize_t n = ::read(out[0], buf, sizeof buf);
    if (n <= 0) break;
    line.append(buf, static_cast<std::size_t>(n));
  }
  ::close(out[0]);
  return std::atoi(line.c_str());
}

}  // namespace

LinkServer::LinkServer(bool tls) : tls_(tls) {
  const std::string log = (dir_.path() / "server.log").string();
  const std::string script = (source_dir() / "tests/e2e/link_server.py").string();
  const std::string cert = (dir_.path() / "cert.pem").string(),
                    key = (dir_.path() / "key.pem").string();
  if (tls)
    run_process({"openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                 "/CN=127.0.0.1", "-keyout", key, "-out", cert});
  std::vector<std::string> args = {"python3", script, log};
  if (tls) args.insert(args.end(), {cert, key});
  port_ = spawn_server(args, pid_);
}

LinkServer::~LinkServer() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
}

std::string LinkServer::url(const std::string& path) const {
  return std::string(tls_ ? "https" : "http") + "://127.0.0.1:" + std::to_string(port_) + path;
}

std::vector<std::string> LinkServer::log() const {
  std::vector<std::string> lines;
  std::istringstream in(read_text(dir_.path() / "server.log"));
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

}  // namespace pp::test

namespace pp::test {

SmtpServer::SmtpServer(const std::string& mode) {
  // Debian's python3-aiosmtpd belongs to the system interpreter.
  std::error_code ec;
  const std::string python = fs::exists("/usr/bin/python3", ec) ? "/usr/bin/python3" : "python3";
  const std::string script = (source_dir() / "tests/e2e/smtp_sink.py").string();
  std::vector<std::string> args = {python, script, dir_.path().string()};
  if (!mode.empty()) args.push_back(mode);
  port_ = spawn_server(args, pid_);
}

SmtpServer::~SmtpServer() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
}

}  // namespace pp::test
