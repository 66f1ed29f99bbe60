#!/usr/bin/env python3
"""The shape checker finds what it is for: run on small made-up trees, it names a
file over 500 lines, a function over 80 lines (free, member, multi-line
signature), an include of a later stage and of another stage's internal header,
and is quiet on a tree that keeps the rules. Usage: check_code_shape_test.py SCRIPT"""
import pathlib
import subprocess
import sys
import tempfile

SCRIPT = sys.argv[1]
CMAKE = ("polypress_stage(core DEPS yaml-cpp)\n"
         "polypress_stage(content HEADERS c.h DEPS pp_core)\n"
         "polypress_stage(render DEPS pp_content)\n")


def run(files):
    with tempfile.TemporaryDirectory() as d:
        src = pathlib.Path(d) / "src"
        for rel, text in {"CMakeLists.txt": CMAKE, **files}.items():
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            (src / rel).write_text(text)
        p = subprocess.run([sys.executable, SCRIPT, str(src)], capture_output=True, text=True)
        return p.returncode, p.stdout.replace(str(src) + "/", "")


def body(n):
    return "".join(f"  x += {i};\n" for i in range(n))


failures = []


def expect(name, files, code, lines):
    got_code, out = run(files)
    if got_code != code or out.splitlines() != lines:
        failures.append(f"{name}: exit {got_code}, printed:\n{out}expected exit {code}:\n" +
                        "\n".join(lines))


good = {
    "core/a.h": "#pragma once\nint f();\n",
    "core/a.cpp": '#include "core/a.h"\nint f() {\n' + body(78) + "}\n",
    "content/c.cpp": ('#include "core/a.h"\n#include "content/c_internal.h"\n'
                      'struct S {\n  int g() const {\n    return 1;\n  }\n};\n'
                      'const char* s = "{ { {";  // { not a brace\n'),
    "render/r.cpp": '#include "content/c.h"\n#include "core/a.h"\n',
}
expect("a tree that keeps the rules", good, 0, [])
expect("a long free function", {"core/a.cpp": "int f() {\n" + body(79) + "}\n"}, 1,
       ["core/a.cpp:1: a function of 81 lines (at most 80)"])
expect("a long function with a signature over three lines",
       {"core/a.cpp": "namespace pp {\n\nstd::string f(int a,\n              int b,\n"
                      "              int c) {\n" + body(77) + "}\n\n}  // namespace pp\n"}, 1,
       ["core/a.cpp:3: a function of 81 lines (at most 80)"])
expect("a long member function in a class",
       {"core/a.h": "class C {\n public:\n  void m() const {\n" + body(79) + "  }\n};\n"}, 1,
       ["core/a.h:3: a function of 81 lines (at most 80)"])
expect("a long table at namespace scope is not a function",
       {"core/a.cpp": "const int t[] = {\n" + "".join(f"  {i},\n" for i in range(200)) + "};\n"},
       0, [])
expect("a file over 500 lines", {"core/a.cpp": "\n" * 501}, 1,
       ["core/a.cpp:1: 501 lines (at most 500)"])
expect("an include of a later stage", {"content/c.cpp": '#include "render/r.h"\n'}, 1,
       ["content/c.cpp:1: stage content includes render/r.h of the later stage render"])
expect("an internal header of another stage", {"render/r.cpp": '#include "content/c_internal.h"\n'},
       1, ["render/r.cpp:1: content/c_internal.h is internal to the stage content"])
expect("a header another stage does not offer", {"render/r.cpp": '#include "content/c_reader.h"\n'},
       1, ["render/r.cpp:1: content/c_reader.h is internal to the stage content"])

for f in failures:
    print(f)
print(f"{9 - len(failures)} of 9 checks passed")
sys.exit(1 if failures else 0)
