// Body text as Chromium lays it out. Right to left: an English quotation in
// an Arabic article keeps its full stop at its end (on the right), in the
// page and in the HTML email; raw <bdi>, <bdo dir> and <span dir lang> keep
// what the author wrote. Japanese: a source line broken inside a sentence
// leaves no space between its characters, and **「強調」**です is bold, in
// the page and the email.
//
//   node text_layout_test.mjs POLYPRESS
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const [polypress] = process.argv.slice(2);
const failures = [];
function check(ok, what, detail = "") {
  console.log((ok ? "ok   " : "FAIL ") + what + (ok || !detail ? "" : "\n     " + detail));
  if (!ok) failures.push(what);
}

const site = mkdtempSync(join(tmpdir(), "polypress-direction-"));
// Removed however the test ends (a failed check, a thrown error).
process.on("exit", () => rmSync(site, { recursive: true, force: true }));
execFileSync(polypress, ["init", site, "--languages", "en,ar,ja", "--quiet"]);
const quote = "This English quotation ends with a full stop.";
const bundle = join(site, "content/news/quoted");
mkdirSync(bundle, { recursive: true });
writeFileSync(
  join(bundle, "index.ar.md"),
  '---\ntitle: "اقتباس"\ntype: news\ndate: 2026-11-20\nsummary: "ملخص"\nverdict: "حكم"\n' +
    'sources:\n  - {title: "t", url: "https://x.example/", publisher: "P"}\n---\n\n' +
    "قال المتحدث في المؤتمر:\n\n> " + quote + "\n\n" +
    'الاسم <bdi>Apple Inc.</bdi> و<span dir="ltr" lang="en">GPT-4o (mini).</span> و<bdo dir="ltr">abc</bdo>\n',
);
const wrapped = join(site, "content/news/wrapped");
mkdirSync(wrapped, { recursive: true });
writeFileSync(
  join(wrapped, "index.ja.md"),
  '---\ntitle: "改行"\ntype: news\ndate: 2026-11-20\nsummary: "要約"\nverdict: "評価"\n' +
    'sources:\n  - {title: "t", url: "https://x.example/", publisher: "P"}\n---\n\n' +
    "日本語の文章はエディターで\n折り返しても一続きです。\n\nこれは**「強調」**です。\n",
);
execFileSync(polypress, ["-C", site, "build", "--quiet"]);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

// The boxes of the first letter and of the last character of the element's
// text, as laid out.
async function ends(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const texts = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.data.trim()) texts.push(n);
    const first = texts[0], last = texts[texts.length - 1];
    const box = (node, at) => {
      const r = document.createRange();
      r.setStart(node, at);
      r.setEnd(node, at + 1);
      const b = r.getBoundingClientRect();
      return { x: b.x, right: b.right };
    };
    const end = last.data.trimEnd().length - 1;
    return { first: box(first, first.data.length - first.data.trimStart().length), last: box(last, end),
             lastChar: last.data.trimEnd()[end], dir: getComputedStyle(el).direction };
  }, selector);
}

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(pathToFileURL(join(site, "public/ar/news/quoted/index.html")).href);
  const q = await ends(page, "main blockquote p");
  check(q && q.lastChar === "." && q.dir === "ltr", "page: the English quotation is laid out left to right",
        JSON.stringify(q));
  check(q && q.last.x > q.first.x, "page: its full stop is at its end, right of its first letter", JSON.stringify(q));
  const intro = await ends(page, "main .article-body > p, main p");
  check(intro && intro.dir === "rtl", "page: the Arabic paragraph stays right to left", JSON.stringify(intro));
  const html = await page.content();
  check(html.includes("<bdi>Apple Inc.</bdi>"), "page: <bdi> is kept");
  check(html.includes('<span dir="ltr" lang="en">GPT-4o (mini).</span>'), "page: <span dir lang> is kept");
  check(html.includes('<bdo dir="ltr">abc</bdo>'), "page: <bdo dir> is kept");

  // The email's HTML part, as a webmail shows it.
  const part = execFileSync("python3", ["-c",
    "import email,sys\nm=email.message_from_binary_file(open(sys.argv[1],'rb'))\n" +
    "sys.stdout.write([p for p in m.walk() if p.get_content_type()=='text/html'][0].get_payload(decode=True).decode())",
    join(site, "mail/ar/news--quoted.eml")]).toString();
  const mail = await browser.newPage({ viewport: { width: 600, height: 900 } });
  await mail.setContent(part);
  const m = await ends(mail, "blockquote p");
  check(m && m.dir === "ltr" && m.last.x > m.first.x, "email: the quotation's full stop is at its end",
        JSON.stringify(m));

  // Japanese: the two source lines are one run of text, no space between.
  const sentence = "日本語の文章はエディターで折り返しても一続きです。";
  const ja = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await ja.goto(pathToFileURL(join(site, "public/ja/news/wrapped/index.html")).href);
  const shown = await ja.evaluate(() => [...document.querySelectorAll("main p")].map((p) => p.innerText));
  check(shown.includes(sentence), "page: a line broken inside a Japanese sentence shows no space",
        JSON.stringify(shown));
  // Emphasis beside CJK punctuation is bold, with no asterisk left.
  const strong = await ja.evaluate(() => {
    const s = document.querySelector("main strong");
    return s && { text: s.innerText, weight: getComputedStyle(s).fontWeight,
                  para: s.parentElement.innerText };
  });
  check(strong && strong.text === "「強調」" && Number(strong.weight) >= 600 && !strong.para.includes("*"),
        "page: **「強調」**です is bold, no asterisk shown", JSON.stringify(strong));
  const jaPart = execFileSync("python3", ["-c",
    "import email,sys\nm=email.message_from_binary_file(open(sys.argv[1],'rb'))\n" +
    "sys.stdout.write([p for p in m.walk() if p.get_content_type()=='text/html'][0].get_payload(decode=True).decode())",
    join(site, "mail/ja/news--wrapped.eml")]).toString();
  const jaMail = await browser.newPage({ viewport: { width: 600, height: 900 } });
  await jaMail.setContent(jaPart);
  const mailShown = await jaMail.evaluate(() => [...document.querySelectorAll("p")].map((p) => p.innerText));
  check(mailShown.includes(sentence), "email: the same sentence shows no space", JSON.stringify(mailShown));
  const mailStrong = await jaMail.evaluate(() => document.querySelector("strong")?.innerText);
  check(mailStrong === "「強調」", "email: the emphasis is bold too", String(mailStrong));
} finally {
  await browser.close();
}
if (failures.length) {
  console.log(`${failures.length} check(s) failed`);
  process.exit(1);
}
console.log("all checks passed");
