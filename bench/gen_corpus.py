#!/usr/bin/env python3
"""Writes a deterministic polypress site of N bundles in five languages (en, ko,
ja, de, ar) for benchmarks: realistic bodies in each script (Latin, Hangul,
kana/kanji, Arabic), front matter per docs/spec.md §3, internal links, figures, lists and
tables, in Hugo's page-bundle layout (content/<section>/<slug>/index.<lang>.md).

  gen_corpus.py OUT_DIR [--bundles N] [--seed S]

The site reuses the repository's pipeline/templates, pipeline/static and locales.
Same arguments, same bytes.
"""
import argparse, hashlib, os, random, shutil

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
LANGS = ["en", "ko", "ja", "de", "ar"]
SECTIONS = ["news", "reviews", "analysis"]

WORDS = {
    "en": "model training inference latency benchmark dataset token context window agent tool server "
          "repository release license weights quantization memory throughput cluster accelerator pricing "
          "evaluation developer framework library open source cost performance quality update".split(),
    "de": "Modell Training Inferenz Latenz Benchmark Datensatz Kontextfenster Agent Werkzeug Server "
          "Repository Veröffentlichung Lizenz Gewichte Quantisierung Speicher Durchsatz Beschleuniger "
          "Preise Bewertung Entwickler Bibliothek Kosten Leistung Qualität schnell günstig zuverlässig".split(),
    "ko": "모델 학습 추론 지연 벤치마크 데이터셋 토큰 컨텍스트 에이전트 도구 서버 저장소 출시 라이선스 "
          "가중치 양자화 메모리 처리량 클러스터 가속기 가격 평가 개발자 프레임워크 라이브러리 비용 성능 품질".split(),
    "ja": "モデル 学習 推論 レイテンシ ベンチマーク データセット トークン コンテキスト エージェント ツール "
          "サーバー リポジトリ リリース ライセンス 重み 量子化 メモリ スループット 加速器 価格 評価 開発者 費用 性能 品質".split(),
    "ar": "النموذج التدريب الاستدلال الكمون المعيار البيانات الرموز السياق الوكيل الأداة الخادم المستودع "
          "الإصدار الترخيص الأوزان التكميم الذاكرة الإنتاجية المسرع الأسعار التقييم المطور المكتبة التكلفة الأداء الجودة".split(),
}
GLUE = {
    "en": (["the", "a", "new", "faster", "with", "for", "and", "on", "in"], " ", "."),
    "de": (["der", "die", "das", "ein", "neue", "mit", "für", "und", "auf"], " ", "."),
    "ko": (["은", "는", "이", "가", "을", "를", "에서", "으로", "과"], " ", "습니다."),
    "ja": (["は", "が", "を", "に", "で", "と", "の", "も", "から"], "", "です。"),
    "ar": (["في", "من", "على", "مع", "إلى", "عن", "و", "هذا", "أن"], " ", "."),
}
HEADINGS = {"en": "Pricing", "de": "Preise", "ko": "가격", "ja": "価格", "ar": "الأسعار"}
FIGS = [("share", "percent", 0.0), ("count", "integer", 0.0), ("speed", "decimal", 0.0),
        ("cost", "currency", 0.0), ("users", "compact", 0.0)]


def sentence(rng, lang):
    glue, sep, end = GLUE[lang]
    n = rng.randint(8, 18)
    parts = []
    for i in range(n):
        parts.append(rng.choice(WORDS[lang]) if i % 3 != 1 else rng.choice(glue))
    s = sep.join(parts)
    if lang in ("en", "de"):
        s = s[0].upper() + s[1:]
    return s + end


def paragraph(rng, lang, k=4):
    return (" " if lang != "ja" else "").join(sentence(rng, lang) for _ in range(k))


def body(rng, lang, slug, others, figs):
    out = []
    for p in range(rng.randint(4, 7)):
        text = paragraph(rng, lang, rng.randint(3, 6))
        if p == 1 and others:
            target = rng.choice(others)
            text += " [%s](/%s)" % (target.split("/")[1], target)
        if p == 2 and figs:
            text += " " + " / ".join("{{fig:%s}}" % f for f in figs)
        out.append(text)
        if p == 2:
            out.append("## " + HEADINGS[lang])
            out.append("- " + sentence(rng, lang) + "\n- " + sentence(rng, lang) + "\n- `code` " + sentence(rng, lang))
        if p == 3 and rng.random() < 0.3:
            out.append("| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n| 4 | 5 | 6 |")
    return "\n\n".join(out) + "\n"


def q(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--bundles", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=42)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    if os.path.exists(a.out):
        shutil.rmtree(a.out)
    os.makedirs(os.path.join(a.out, "content"))
    shutil.copytree(os.path.join(REPO, "pipeline"), os.path.join(a.out, "pipeline"))
    shutil.copytree(os.path.join(REPO, "locales"), os.path.join(a.out, "locales"))
    ids = []
    for i in range(a.bundles):
        ids.append("%s/item-%05d" % (SECTIONS[i % 3], i))
    total = 0
    for i, bid in enumerate(ids):
        section, slug = bid.split("/")
        kind = {"news": "news", "reviews": "review", "analysis": "analysis"}[section]
        day = 1 + i % 28
        others = [ids[(i * 7 + k) % len(ids)] for k in (1, 2) if ids[(i * 7 + k) % len(ids)] != bid]
        figs = [f for f, _, _ in FIGS][: 1 + i % len(FIGS)]
        src_lines = ["---", "title: " + q("%s %d" % (sentence(rng, "en")[:60], i)), "type: " + kind,
                     "date: 2026-11-%02d" % day, "summary: " + q(sentence(rng, "en")),
                     "authors: [Mina Park]", "tags: [bench, %s]" % section]
        if kind in ("news", "review"):
            src_lines.append("verdict: " + q(sentence(rng, "en")))
        if kind in ("news", "analysis"):
            src_lines += ["sources:", "  - {title: \"Source %d\", url: \"https://src.example/%d\", publisher: \"Publisher %d\", accessed: 2026-11-%02d}" % (i, i, i % 17, day)]
        if kind == "review":
            src_lines += ["rating: %.1f" % (rng.randint(0, 10) / 2), "product: {name: \"Product %d\", url: \"https://p.example/%d\", kind: tool}" % (i, i),
                          "price: {amount: %d, currency: USD, period: month}" % rng.randint(0, 50), "checked: 2026-11-%02d" % day]
        if others:
            src_lines.append("related: [%s]" % ", ".join(others))
        if figs:
            src_lines.append("figures:")
            for f in figs:
                fmt = dict((n, t) for n, t, _ in FIGS)[f]
                extra = ", currency: KRW" if fmt == "currency" else ""
                value = {"percent": 0.5 + rng.random() / 2, "integer": rng.randint(1, 99999), "decimal": rng.random() * 100,
                         "currency": rng.randint(1000, 900000), "compact": rng.randint(10000, 90000000)}[fmt]
                src_lines.append("  %s: {value: %s, format: %s%s}" % (f, round(value, 3), fmt, extra))
        src_lines.append("---")
        source = "\n".join(src_lines) + "\n" + body(rng, "en", slug, others, figs)
        d = os.path.join(a.out, "content", section, slug)
        os.makedirs(d)
        with open(os.path.join(d, "index.en.md"), "w") as f:
            f.write(source)
        digest = hashlib.sha1(b"blob %d\0" % len(source.encode()) + source.encode()).hexdigest()
        total += len(source.encode())
        for lang in LANGS[1:]:
            t = ["---", "title: " + q(sentence(rng, lang)[:80]), "summary: " + q(sentence(rng, lang))]
            if kind in ("news", "review"):
                t.append("verdict: " + q(sentence(rng, lang)))
            t += ["translation_of: en", "source_digest: " + digest, "---"]
            text = "\n".join(t) + "\n" + body(rng, lang, slug, others, figs)
            total += len(text.encode())
            with open(os.path.join(d, "index.%s.md" % lang), "w") as f:
                f.write(text)
    print("%d bundles x %d languages, %.1f MB of Markdown in %s" % (a.bundles, len(LANGS), total / 1e6, a.out))


if __name__ == "__main__":
    main()
