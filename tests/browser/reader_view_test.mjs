// What a reader sees, measured in Debian's Chromium (playwright-core): every
// page of a built site at phone widths, in the dark, and printed.
//
//   node reader_view_test.mjs POLYPRESS sample SOURCE_DIR
//   node reader_view_test.mjs POLYPRESS init
//   node reader_view_test.mjs POLYPRESS stress
//
// sample: the repository's site; init: a new site (`polypress init`, en, ko,
// ar, ja, de); stress: a new site (en, ko, ar) with an article made to push a
// page sideways (a long URL, a long word, long code, a wide table, wide
// images). The site is built with `polypress build`; the browser is served
// public/ for the site's own address, so pages are seen as deployed.
//
// Every page, at 320, 375 and 414 px: nothing wider than the window, and at
// 375 × 667 the page's title in the first screen. Some pages of each
// language, dark (prefers-color-scheme): other colours than light, and
// axe-core's colour contrast passes. Printed: no newsletter form, no lists of
// other articles, and the address of each source shown after its link.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, cpSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { deflateSync } from "node:zlib";
import { chromium } from "playwright-core";

const [polypress, kind, source] = process.argv.slice(2);
const screenshots = process.env.SCREENSHOTS;  // a folder: the sampled pages' first screens go there
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const failures = [];
function check(ok, what, detail = "") {
  if (!ok) console.log("FAIL " + what + (detail ? "\n     " + detail : ""));
  if (!ok) failures.push(what);
  return ok;
}

const site = mkdtempSync(join(tmpdir(), "polypress-reader-"));
const run = (...args) => execFileSync(polypress, ["-C", site, ...args, "--quiet"], { stdio: ["ignore", "ignore", "inherit"] });

/// A PNG of one colour, width × height, written with zlib (no image library).
function png(width, height) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, "ascii");
    data.copy(out, 8);
    out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);  // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7f)]);
  const pixels = deflateSync(Buffer.concat(Array(height).fill(row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
                        chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

/// An article made to push a page sideways, in en, ko and ar.
function writeStressArticle() {
  const folder = join(site, "content/news/wide-things");
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "wide.png"), png(1600, 200));
  writeFileSync(join(folder, "chart.svg"),
                '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300" viewBox="0 0 1200 300">' +
                '<rect width="1200" height="300" fill="#4a7"/></svg>\n');
  const url = "https://example.org/" + "a-very-long-path-segment/".repeat(12) + "?query=" + "x".repeat(80);
  const word = "Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft";
  const table = "| " + Array.from({ length: 14 }, (_, i) => `Column ${i + 1}`).join(" | ") + " |\n" +
                "|" + "---|".repeat(14) + "\n" +
                "| " + Array.from({ length: 14 }, () => "1,234,567.89").join(" | ") + " |\n";
  const body = (title, text, lang) => `---
title: "${title}"${lang === "en" ? "\ntype: news\ndate: 2026-12-01\ntags: [layout]" : "\ntranslation_of: en"}
summary: "${text} ${word}"
verdict: "${text} ${word}"${lang === "en" ? `
sources:
  - {title: "${word}", url: "${url}", publisher: "${word}", accessed: 2026-12-01}` : ""}
---

${text} ${url}

${word}${word} ${text}

Inline code: \`${"const value = compute(" + "argument, ".repeat(20) + ");"}\`

\`\`\`sh
${"curl --silent --show-error --location --header 'Accept: application/json' ".repeat(4)}${url}
\`\`\`

${table}
![A wide picture](wide.png)

- curl
- wget, for a mirror of the whole site
1. Install the driver
2. Run the benchmark

![A wide chart](chart.svg)

[${url}](${url})
`;
  writeFileSync(join(folder, "index.en.md"), body("Wide things on a narrow screen", "A long address:", "en"));
  writeFileSync(join(folder, "index.ko.md"), body("좁은 화면의 넓은 것들", "긴 주소입니다:", "ko"));
  writeFileSync(join(folder, "index.ar.md"), body("أشياء عريضة على شاشة ضيقة", "عنوان طويل:", "ar"));
}

if (kind === "sample") {
  for (const part of ["content", "locales", "pipeline"]) cpSync(join(source, part), join(site, part), { recursive: true });
} else {
  execFileSync(polypress, ["init", site, "--languages", kind === "init" ? "en,ko,ar,ja,de" : "en,ko,ar", "--quiet"]);
  if (kind === "stress") writeStressArticle();
}
run("build");
const config = readFileSync(join(site, "pipeline/site.yaml"), "utf8");
const origin = new URL(config.match(/base_url:\s*"?([^"\s]+)/)[1]).origin;
const publicDir = join(site, "public");

/// Every page of the site, as the address a reader opens.
function pages(dir = publicDir, prefix = "/") {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...pages(path, prefix + name + "/"));
    else if (name === "index.html") out.push(prefix);
    else if (name.endsWith(".html")) out.push(prefix + name);
  }
  return out;
}

const types = { ".html": "text/html", ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png",
                ".jpg": "image/jpeg", ".webp": "image/webp", ".xml": "application/xml", ".js": "text/javascript" };
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

/// A browser context that is served public/ for the site's address, and nothing else.
async function context(options) {
  const ctx = await browser.newContext(options);
  await ctx.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== origin) return route.abort();
    let path = join(publicDir, decodeURIComponent(url.pathname));
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, "index.html");
    if (!existsSync(path)) return route.fulfill({ status: 404, body: "" });
    return route.fulfill({ status: 200, body: readFileSync(path), contentType: types[extname(path)] || "application/octet-stream" });
  });
  return ctx;
}

/// How far the page reaches past the window's edge, and the element that does
/// (the right edge, or the left one on a right-to-left page; an element
/// inside a box that clips or scrolls does not count).
const overflowOf = () => {
  const over = document.documentElement.scrollWidth - window.innerWidth;
  if (over <= 0) return null;
  const rtl = getComputedStyle(document.documentElement).direction === "rtl";
  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
      if (getComputedStyle(p).overflowX !== "visible") return true;
    return false;
  };
  let worst = null;
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    const reach = rtl ? -r.left : r.right - window.innerWidth;
    if (reach > 0 && (!worst || reach > worst.reach) && !clipped(el))
      worst = { reach: Math.round(reach), what: el.tagName.toLowerCase() + (el.className ? "." + el.className : "") };
  }
  // Text wider than its box (a long word) shows in the box's scrollWidth only.
  for (const el of worst ? [] : document.body.querySelectorAll("*")) {
    const reach = el.scrollWidth - el.clientWidth;
    if (el.clientWidth > 0 && reach > 0 && !clipped(el) && getComputedStyle(el).overflowX === "visible" &&
        (!worst || reach >= worst.reach))
      worst = { reach, what: el.tagName.toLowerCase() + (el.className ? "." + el.className : "") + "'s text" };
  }
  return `${over} px too wide; widest: ${worst ? worst.what + " by " + worst.reach + " px" : "?"}`;
};

/// The words of menus (sections, pager, languages) laid out over two lines:
/// an item should move to the next line whole.
const cutWords = () =>
  [...document.querySelectorAll(".sections a, .pagination a, .language-switcher a, .site-name a")]
    .filter((a) => !/\s/.test(a.textContent.trim()) && a.getClientRects().length > 1)
    .map((a) => a.textContent.trim());

const all = pages();
let measured = 0;
try {
  // Every page at three phone widths; the title in the first screen at 375 × 667.
  const ctx = await context({ viewport: { width: 320, height: 667 } });
  const page = await ctx.newPage();
  for (const path of all) {
    await page.setViewportSize({ width: 320, height: 667 });
    await page.goto(origin + path);
    for (const width of [320, 375, 414]) {
      await page.setViewportSize({ width, height: 667 });
      const over = await page.evaluate(overflowOf);
      check(over === null, `${path} at ${width} px: nothing wider than the window`, over);
      const cut = await page.evaluate(cutWords);
      check(cut.length === 0, `${path} at ${width} px: no menu word cut in two`, cut.join(", "));
      if (width === 375) {
        const h1 = await page.evaluate(() => {
          const h = document.querySelector("main h1") || document.querySelector("h1");
          return h && h.getBoundingClientRect().bottom + window.scrollY;
        });
        if (h1 !== null) check(h1 <= 667, `${path} at 375 × 667: the title is in the first screen`, `its bottom at ${Math.round(h1)} px`);
      }
    }
    measured++;
  }
  await ctx.close();
  console.log(`${measured} pages measured at 320, 375 and 414 px`);

  // Dark and print, on the home page and an article of each language.
  const langs = readdirSync(publicDir).filter((n) => /^[a-z]{2}(-[A-Za-z]+)?$/.test(n) && statSync(join(publicDir, n)).isDirectory());
  const samples = [];
  for (const lang of langs) {
    samples.push(`/${lang}/`);
    const article = all.find((p) => p.startsWith(`/${lang}/`) && p.split("/").length === 5 && !p.includes("/tags/") && !p.includes("/page/"));
    if (article) samples.push(article);
  }
  const colours = () => {
    const s = getComputedStyle(document.body);
    return s.backgroundColor + " / " + s.color;
  };
  const light = await context({ viewport: { width: 375, height: 667 }, colorScheme: "light" });
  const dark = await context({ viewport: { width: 375, height: 667 }, colorScheme: "dark" });
  const lightPage = await light.newPage(), darkPage = await dark.newPage();
  for (const path of samples) {
    await lightPage.goto(origin + path);
    await darkPage.goto(origin + path);
    const [l, d] = [await lightPage.evaluate(colours), await darkPage.evaluate(colours)];
    check(l !== d, `${path} dark: other colours than light`, `both ${l}`);
    await darkPage.addScriptTag({ content: axeSource });
    const contrast = await darkPage.evaluate(() =>
      window.axe.run(document, { runOnly: ["color-contrast"], resultTypes: ["violations"] }));
    const bad = contrast.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ") + ": " + n.failureSummary.split("\n").pop()));
    check(bad.length === 0, `${path} dark: axe-core's colour contrast passes`, bad.slice(0, 4).join("\n     "));

    if (screenshots) {
      mkdirSync(screenshots, { recursive: true });
      const name = `${kind}${path.replaceAll("/", "_").replace(/_$/, "")}`;
      await lightPage.screenshot({ path: join(screenshots, `${name}.375.png`) });
      await darkPage.screenshot({ path: join(screenshots, `${name}.375.dark.png`) });
    }
    await lightPage.emulateMedia({ media: "print" });
    const printed = await lightPage.evaluate(() => {
      const shown = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length > 0).length;
      const sources = [...document.querySelectorAll(".sources a[href]")];
      const unshown = sources.filter((a) => !getComputedStyle(a, "::after").content.includes(a.href.replace(/\/$/, "")));
      return { forms: shown("form"), lists: shown(".other-articles, .related"), sources: sources.length, unshown: unshown.length };
    });
    check(printed.forms === 0, `${path} printed: no form`, `${printed.forms} shown`);
    check(printed.lists === 0, `${path} printed: no lists of other articles`, `${printed.lists} shown`);
    check(printed.unshown === 0, `${path} printed: each source's address is shown`, `${printed.unshown} of ${printed.sources} not`);
    await lightPage.emulateMedia({ media: "screen" });
  }
  await light.close();
  await dark.close();
  console.log(`${samples.length} pages seen dark and printed`);

  // The stress article's emails on a phone: a picture, a table and code
  // never make the message wider than the window.
  if (kind === "stress") {
    const ctx = await context({ viewport: { width: 375, height: 667 } });  // images from public/
    const page = await ctx.newPage();
    for (const lang of ["en", "ko", "ar"]) {
      const eml = join(site, "mail", lang, "news--wide-things.eml");
      const html = execFileSync("python3", ["-c",
        "import email,sys\nm=email.message_from_binary_file(open(sys.argv[1],'rb'))\n" +
        "[sys.stdout.write(p.get_payload(decode=True).decode()) for p in m.walk() if p.get_content_type()=='text/html']",
        eml]).toString();
      await page.setContent(html, { waitUntil: "load" });
      const over = await page.evaluate(overflowOf);
      check(over === null, `email ${lang} of the stress article at 375 px: nothing wider than the window`, over);
    }
    await ctx.close();
  }

  // A new site speaks its readers' languages: no interface string of the
  // site's template (locales/polypress.pot) in English on a page of another
  // language, in its text or its labels, outside what is marked as English
  // (a fallback article's title and summary carry lang="en").
  if (kind === "init") {
    const pot = readFileSync(join(site, "locales/polypress.pot"), "utf8");
    const english = [...pot.matchAll(/^msgid(?:_plural)? "(.+)"$/gm)]
      .flatMap((m) => m[1].replace(/\\"/g, '"').split(/\{[a-z_]+\}/))
      .map((t) => t.trim()).filter((t) => t.length >= 4 && /[a-z]/.test(t));
    const ctx = await context({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    let seen = 0;
    for (const path of all.filter((p) => /^\/(ko|ar|ja|de)\//.test(p))) {
      await page.goto(origin + path);
      const texts = await page.evaluate(() => {
        const lang = document.documentElement.lang, out = [document.title];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode())
          if (n.parentElement.closest("[lang]").lang === lang) out.push(n.textContent);
        for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]"))
          if (el.closest("[lang]").lang === lang)
            for (const a of ["aria-label", "title", "placeholder", "alt"]) if (el.hasAttribute(a)) out.push(el.getAttribute(a));
        return out;
      });
      const found = english.filter((e) => texts.some((t) => t.includes(e)));
      check(found.length === 0, `${path}: no English interface string`, found.slice(0, 6).map((f) => JSON.stringify(f)).join(", "));
      seen++;
    }
    await ctx.close();
    console.log(`${seen} pages of ko, ar, ja and de read for English interface strings`);
  }
} finally {
  await browser.close();
  rmSync(site, { recursive: true, force: true });
}

if (failures.length) {
  console.log(`${failures.length} check(s) failed`);
  process.exit(1);
}
console.log("all checks passed");
