#!/usr/bin/env python3
"""Checks the machine formats of `polypress validate` on a site with findings:
--format json parses and has every field; --format github follows the workflow
command syntax; --format sarif satisfies the SARIF 2.1.0 schema's constraints for
the properties polypress writes (no network here to fetch the schema itself).

  check_formats.py POLYPRESS SOURCE_DIR
"""
import json, os, re, shutil, subprocess, sys, tempfile

exe, src = sys.argv[1], sys.argv[2]
site = tempfile.mkdtemp(prefix="polypress-formats-")
try:
    shutil.copytree(os.path.join(src, "tests/e2e/sites/minimal"), site, dirs_exist_ok=True)
    shutil.copytree(os.path.join(src, "pipeline/templates/html"), os.path.join(site, "pipeline/templates/html"), dirs_exist_ok=True)
    for case in ("l-internal-links", "k-review-ranges", "l-forbidden-schemes"):
        shutil.copytree(os.path.join(src, "tests/e2e/invalid", case, "input"), site, dirs_exist_ok=True)
    os.makedirs(os.path.join(site, "content/news/a b%#ü"))  # a path that needs URI escaping

    def run(fmt):
        p = subprocess.run([exe, "-C", site, "validate", "--format", fmt], capture_output=True, text=True)
        assert p.returncode == 1, (fmt, p.returncode, p.stderr)
        return p.stdout

    items = json.loads(run("json"))
    assert isinstance(items, list) and len(items) >= 10, items
    for d in items:
        assert set(d) == {"file", "line", "column", "severity", "rule", "message"}, d
        assert isinstance(d["line"], int) and isinstance(d["column"], int)
        assert d["severity"] in ("error", "warning", "note")

    gh = run("github").splitlines()
    assert len(gh) == len(items)
    cmd = re.compile(r"^::(error|warning|notice) file=[^,:\r\n]+(,line=[1-9][0-9]*)?(,col=[1-9][0-9]*)?,title=[^,:\r\n]+::[^\r\n]*$")
    for line in gh:
        assert cmd.match(line), line

    log = json.loads(run("sarif"))
    assert log["version"] == "2.1.0"
    assert log["$schema"].startswith("https://")
    assert isinstance(log["runs"], list) and len(log["runs"]) == 1
    r = log["runs"][0]
    driver = r["tool"]["driver"]
    assert isinstance(driver["name"], str) and driver["name"]
    rules = driver["rules"]
    ids = [x["id"] for x in rules]
    assert len(ids) == len(set(ids)), "rule ids must be unique"
    for x in rules:
        assert x["shortDescription"]["text"] and x["fullDescription"]["text"]
        assert x["defaultConfiguration"]["level"] in ("none", "note", "warning", "error")
    assert r["columnKind"] in ("utf16CodeUnits", "unicodeCodePoints")
    uri_ref = re.compile(r"^[A-Za-z0-9\-._~/%!$&'()*+,;=:@]+$")
    assert len(r["results"]) == len(items)
    for res in r["results"]:
        assert res["level"] in ("none", "note", "warning", "error")
        assert res["message"]["text"]
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
        for loc in res["locations"]:
            pl = loc["physicalLocation"]
            uri = pl["artifactLocation"]["uri"]
            assert uri_ref.match(uri), uri
            assert pl["artifactLocation"]["uriBaseId"] in r["originalUriBaseIds"]
            if "region" in pl:
                assert pl["region"]["startLine"] >= 1
                assert pl["region"].get("startColumn", 1) >= 1
    assert any("%20" in res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for res in r["results"])
    print("formats: json %d findings, github %d lines, sarif %d results with %d rules" % (len(items), len(gh), len(r["results"]), len(rules)))
finally:
    shutil.rmtree(site)
