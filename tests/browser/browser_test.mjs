// Pages and emails of the sample site in a real browser: Debian's Chromium,
// driven by playwright-core (never a downloaded browser), against
// `polypress serve` on a copy of the sample site.
//
//   node browser_test.mjs POLYPRESS SOURCE_DIR [SCREENSHOT_DIR]
//   node browser_test.mjs POLYPRESS --init
//
// With --init the site is a new one, started by `polypress init` (en, ko, ar)
// with the built-in theme, its welcome article translated with `polypress new
// --lang` as a translator would start it.
//
// For en, ko and ar: the skip link moves focus to the main content, no console
// error, Arabic lays out right to left, the language switcher reaches the
// translation, axe-core finds no serious or critical violation; live reload
// after an edit; the HTML emails at 600 and 375 px, checked the same way; on
// the sample site (two articles a page), a section's pager in en and ar.
import { spawn, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync, rmSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const [polypress, source, screenshots] = process.argv.slice(2);
const fromInit = source === "--init";
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const failures = [];
function check(ok, what, detail = "") {
  console.log((ok ? "ok   " : "FAIL ") + what + (ok || !detail ? "" : "\n     " + detail));
  if (!ok) failures.push(what);
}

const site = mkdtempSync(join(tmpdir(), "polypress-browser-"));
if (fromInit) {
  execFileSync(polypress, ["init", site, "--languages", "en,ko,ar", "--quiet"]);
  for (const lang of ["ko", "ar"])
    execFileSync(polypress, ["-C", site, "new", "news/welcome", "--lang", lang, "--quiet"]);
} else {
  for (const part of ["content", "locales", "pipeline"])
    cpSync(join(source, part), join(site, part), { recursive: true });
  // Two articles a page: the reviews section has pages 2 and 3.
  const config = join(site, "pipeline/site.yaml");
  writeFileSync(config, readFileSync(config, "utf8") + "paginate: 2\n");
}
// The article every language has, the file live reload edits, and its title.
const [article, edited, titleStart] = fromInit
  ? ["/news/welcome/", "content/news/welcome/index.en.md", 'title: "Welcome to ']
  : ["/reviews/ollama/", "content/reviews/ollama/index.en.md", 'title: "Ollama: '];
const emailName = fromInit ? "news--welcome.eml" : "reviews--ollama.eml";

// polypress serve on a free port; its address is its first stderr line.
// With --drafts, as an editor previews: the preview never touches public/ or mail/.
const server = spawn(polypress, ["-C", site, "serve", "--port", "0", "--drafts"], { stdio: ["ignore", "ignore", "pipe"] });
const base = await new Promise((resolve, reject) => {
  let text = "";
  server.stderr.on("data", (d) => {
    text += d;
    const m = text.match(/http:\/\/127\.0\.0\.1:\d+\//);
    if (m) resolve(m[0].replace(/\/$/, ""));
  });
  server.on("exit", () => reject(new Error("serve exited: " + text)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

async function axeProblems(page) {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}

function watchConsole(page) {
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("response", (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  return errors;
}

try {
  for (const lang of ["en", "ko", "ar"]) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchConsole(page);
    const response = await page.goto(`${base}/${lang}${article}`);
    check(response.status() === 200, `${lang}: the article page loads`);

    // The skip link is the first stop; following it puts focus on <main>.
    await page.keyboard.press("Tab");
    const first = await page.evaluate(() => document.activeElement.className);
    check(first === "skip-link", `${lang}: Tab reaches the skip link first`, first);
    await page.keyboard.press("Enter");
    const focused = await page.evaluate(() => document.activeElement.id);
    check(focused === "Main", `${lang}: the skip link moves focus to the main content`, focused);

    const dir = await page.evaluate(() => getComputedStyle(document.documentElement).direction);
    const h1 = await page.locator("main h1").boundingBox();
    if (lang === "ar") {
      check(dir === "rtl", "ar: the page is laid out right to left", dir);
      check(h1 && h1.x + h1.width > 1280 / 2, "ar: the heading sits on the right", JSON.stringify(h1));
    } else {
      check(dir === "ltr", `${lang}: the page is left to right`, dir);
    }

    // The switcher reaches the translation of this article.
    const other = lang === "en" ? "ko" : "en";
    await page.click(`nav.language-switcher a[hreflang="${other}"]`);
    await page.waitForLoadState();
    check(page.url() === `${base}/${other}${article}`, `${lang}: the switcher reaches the ${other} translation`, page.url());
    await page.goto(`${base}/${lang}${article}`);

    const problems = await axeProblems(page);
    check(problems.length === 0, `${lang}: axe-core finds no serious or critical violation`, problems.join("\n     "));
    check(errors.length === 0, `${lang}: no console errors`, errors.join("\n     "));
    if (screenshots && lang !== "en") {
      mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: join(screenshots, `article.${lang}.png`), fullPage: false });
    }
    await page.close();
  }

  // A section's second page: the pager leads back and forth, lies in the
  // reading direction (previous at the line's start), and passes axe.
  if (!fromInit)
    for (const lang of ["en", "ar"]) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors = watchConsole(page);
      const second = `${base}/${lang}/reviews/page/2/`;
      const response = await page.goto(second);
      check(response.status() === 200, `${lang}: page 2 of the reviews loads`);
      const prev = await page.locator("nav.pagination a[rel=prev]").boundingBox();
      const next = await page.locator("nav.pagination a[rel=next]").boundingBox();
      const ordered = prev && next && (lang === "ar" ? prev.x > next.x : prev.x < next.x);
      check(ordered, `${lang}: the previous page's link comes first in reading order`,
            JSON.stringify({ prev, next }));
      const problems = await axeProblems(page);
      check(problems.length === 0, `${lang}: page 2 has no serious or critical axe violation`,
            problems.join("\n     "));
      await page.click("nav.pagination a[rel=next]");
      await page.waitForLoadState();
      check(page.url() === `${base}/${lang}/reviews/page/3/`, `${lang}: next leads to page 3`, page.url());
      await page.click("nav.pagination a[rel=prev]");
      await page.waitForLoadState();
      check(page.url() === second, `${lang}: previous leads back to page 2`, page.url());
      check(errors.length === 0, `${lang}: no console errors on the pages`, errors.join("\n     "));
      await page.close();
    }

  // Live reload: an edit changes the open page by itself.
  {
    const page = await browser.newPage();
    await page.goto(`${base}/en${article}`);
    const file = join(site, edited);
    const text = readFileSync(file, "utf8");
    const started = Date.now();
    writeFileSync(file, text.replace(titleStart, titleStart + "Reloaded: "));
    let reloaded = true;
    try {
      await page.waitForFunction(() => document.title.includes("Reloaded: "), null, { timeout: 10000 });
    } catch {
      reloaded = false;
    }
    check(reloaded, `live reload: the page shows the edit (${Date.now() - started} ms)`);
    writeFileSync(file, text);
    await page.close();
  }

  // Emails: the HTML part of each language's email, at 600 and 375 px.
  for (const lang of ["en", "ko", "ar"]) {
    const eml = join(site, `.polypress/serve/mail/${lang}/${emailName}`);  // serve's own folder
    const html = execFileSync("python3", ["-c",
      "import email,sys\nm=email.message_from_binary_file(open(sys.argv[1],'rb'))\n" +
      "[sys.stdout.write(p.get_payload(decode=True).decode()) for p in m.walk() if p.get_content_type()=='text/html']",
      eml]).toString();
    for (const width of [600, 375]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const errors = watchConsole(page);
      await page.setContent(html, { waitUntil: "load" });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 0, `email ${lang} at ${width} px: nothing wider than the window`, `${overflow} px too wide`);
      const dir = await page.evaluate(() => getComputedStyle(document.body).direction);
      check(dir === (lang === "ar" ? "rtl" : "ltr"), `email ${lang} at ${width} px: direction ${dir}`);
      const problems = await axeProblems(page);
      check(problems.length === 0, `email ${lang} at ${width} px: no serious or critical axe violation`, problems.join("\n     "));
      check(errors.length === 0, `email ${lang} at ${width} px: no console errors`, errors.join("\n     "));
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.kill("SIGINT");
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.on("exit", resolve)));
  // What the browser was shown came from serve's own folder: the deploy
  // folders were never written.
  check(!existsSync(join(site, "public")) && !existsSync(join(site, "mail")),
        "serve --drafts left public/ and mail/ untouched (absent)");
  rmSync(site, { recursive: true, force: true });
}

if (failures.length) {
  console.log(`${failures.length} check(s) failed`);
  process.exit(1);
}
console.log("all checks passed");
