#!/usr/bin/env python3
"""check-analyzer-layers.py - the front end's two layers stay two layers.

Usage: check-analyzer-layers.py SOURCE_DIR OBJECT_DIR

OBJECT_DIR holds the analyzer's objects, one `NAME.c.o` per analyzer/NAME.c
(CMake's layout).

1. No file of the Vulkan models includes clang-c: only the evaluator's files
   (those including eval.h) may, and model.h must not.
2. The entry-point table (analyzer/entry_points.def) is the only place an
   entry point's name is written as a string in analyzer/.
3. No circle of files: from the objects' symbols (nm), file A depends on
   file B when A uses a function B defines; the graph must have no cycle.
Prints one line per violation and exits 1, else a summary line and 0.
"""
import os
import re
import subprocess
import sys

EVALUATOR = {"arithmetic.c", "clang_support.c", "eval_expr.c", "eval_stmt.c", "floating.c", "frontend.c",
             "liveness.c", "program_end.c", "quiet_leave.c", "roots.c", "sites.c", "strings.c",
             "summary.c", "threads.c", "unions.c"}


def main():
    src, object_dir = sys.argv[1], sys.argv[2]
    analyzer = os.path.join(src, "analyzer")
    objects = [os.path.join(object_dir, name + ".o")
               for name in sorted(os.listdir(analyzer)) if name.endswith(".c")]
    problems = []

    for name in sorted(os.listdir(analyzer)):
        if not name.endswith((".c", ".h")):
            continue
        with open(os.path.join(analyzer, name), encoding="utf-8") as f:
            text = f.read()
        includes_clang = re.search(r'#include\s*[<"](clang-c/|eval\.h)', text)
        if includes_clang and name not in EVALUATOR and name != "eval.h":
            problems.append(f"{name}: a Vulkan model includes libclang (clang-c or eval.h)")
        if name.endswith(".c"):
            code = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
            for m in re.finditer(r'"(vk[A-Z]\w+)"', code):
                if m.group(1) == "vkCmd":
                    continue  # the family prefix, not an entry point
                problems.append(f"{name}: names the entry point {m.group(1)} "
                                "outside entry_points.def")

    defined, used = {}, {}
    for obj in objects:
        base = os.path.basename(obj)
        base = base[:base.index(".c")] + ".c" if ".c" in base else base
        out = subprocess.run(["nm", obj], capture_output=True, text=True,
                             check=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] == "T":
                defined[parts[2]] = base
            elif len(parts) == 2 and parts[0] == "U":
                used.setdefault(base, set()).add(parts[1])
    edges = {f: sorted({defined[s] for s in syms if s in defined and defined[s] != f})
             for f, syms in used.items()}

    # Tarjan's strongly connected components.
    index, low, stack, on_stack, sccs = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, []):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                sccs.append(sorted(scc))

    sys.setrecursionlimit(10000)
    for v in sorted(set(defined.values()) | set(used)):
        if v not in index:
            visit(v)
    for scc in sccs:
        problems.append("a circle of files: " + " <-> ".join(scc))

    for p in problems:
        print(p)
    if problems:
        print(f"analyzer layers: {len(problems)} problems")
        return 1
    print(f"analyzer layers: {len(objects)} files, no circle, models free of libclang")
    return 0


if __name__ == "__main__":
    sys.exit(main())
