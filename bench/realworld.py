#!/usr/bin/env python3
"""realworld.py - run vksync-lint on one real program and print one line.

Called by bench/realworld.sh once per program:

    realworld.py run --name NAME --cwd SRCDIR --out REPORTDIR --tool PATH
                     [--timeout S] [--mem-mb N] [--text] [--ccdb BUILDDIR]
                     FILE... -- COMPILER-FLAGS...

--ccdb: the flags come from BUILDDIR/compile_commands.json (see ccdb_flags).

Runs `PATH --format=sarif -o REPORTDIR/NAME.sarif FILE... -- FLAGS` in SRCDIR
(so SARIF paths are relative to the package's source tree), measures the
wall time and the peak resident memory (os.wait4's ru_maxrss: what
`/usr/bin/time -v` prints as "Maximum resident set size"), kills the whole
process group after S seconds (a timeout is reported as TIMEOUT, never
hidden; before the kill, gdb takes a few stack samples into NAME.stacks to
show where the time goes), then reads the SARIF log - never the text - and
prints one line:

    NAME  wall  (cpu)  peak-RSS  exit  paths  ordered  unknown  incomplete [limit xN (functions)]  findings per rule

With --text the program is run a second time for the clang-tidy style text
report (NAME.txt), for triage.  Everything the run leaves (NAME.sarif,
NAME.txt, NAME.stderr, NAME.cmd, NAME.stacks) is in REPORTDIR; one JSON
record per program is appended to REPORTDIR/summary.jsonl.

`realworld.py header` prints the column legend; `realworld.py targets
REPORTDIR/summary.jsonl` lists the programs that miss issue 11's targets.
"""

import json
import os
import re
import resource
import shlex
import signal
import subprocess
import sys
import time

STATS_RE = re.compile(r"vksync-lint: (\d+) access pairs proved ordered, (\d+) paths explored, "
                      r"(\d+) questions left unknown")

# The vksync-incomplete messages (analyzer/frontend.c, paths.c, eval.c),
# shortened to "limit" labels.  A message that matches none keeps its own
# words, so a new limit still shows up, only less tidily.
LIMITS = [
    (re.compile(r"more than (\d+) paths through `([^`]+)`"), "paths>{0}"),
    (re.compile(r"more than (\d+) runs of `([^`]+)`"), "runs>{0}"),
    (re.compile(r"more than (\d+) branch decisions on one path through `([^`]+)`"), "decisions>{0}"),
    (re.compile(r"more than (\d+) statements"), "statements>{0}"),
    (re.compile(r"nested more than (\d+) deep"), "helper-depth>{0}"),
    (re.compile(r"loop runs more than (\d+) times"), "loop>{0}"),
    (re.compile(r"could not decide whether this branch.*budget of (\d+) ms"), "solver-budget-{0}ms-spent"),
    (re.compile(r"could not decide whether this branch.*timed out after (\d+) ms"), "solver-timeout-{0}ms"),
    (re.compile(r"could not decide whether this branch.*resource limit"), "solver-rlimit"),
    (re.compile(r"could not decide whether this branch"), "solver-unknown"),
    (re.compile(r"computed `goto`"), "computed-goto"),
    (re.compile(r"`goto` is not followed"), "goto"),
]
FUNC_IN_MESSAGE = re.compile(r"(?:through|analysing|runs of) `([^`]+)`")

# A C function definition's first line, as these code bases write it: at
# column 0, an identifier followed by `(`, not a declaration or a macro.
DEF_RE = re.compile(r"^(?:[A-Za-z_][\w \t\*]*?[\s\*])?([A-Za-z_]\w*)\s*\(")
NOT_DEF = ("if", "for", "while", "switch", "return", "sizeof", "else")


def enclosing_function(cwd, uri, line, cache={}):
    """Best guess at the function around path:line (a heuristic for the
    report only: the SARIF log does not name the function)."""
    path = os.path.join(cwd, uri)
    if path not in cache:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                cache[path] = f.read().split("\n")
        except OSError:
            cache[path] = []
    lines = cache[path]
    for i in range(min(line, len(lines)) - 1, -1, -1):
        text = lines[i]
        if not text or text[0] in " \t#/*}{":
            continue
        m = DEF_RE.match(text)
        if m and m.group(1) not in NOT_DEF and not text.rstrip().endswith(";"):
            return m.group(1)
    return "?"


def classify_incomplete(result, cwd):
    text = result.get("message", {}).get("text", "")
    label = None
    for pattern, fmt in LIMITS:
        m = pattern.search(text)
        if m:
            label = fmt.format(*m.groups())
            break
    if label is None:
        label = text[:70]
    m = FUNC_IN_MESSAGE.search(text)
    if m:
        func = m.group(1)
    else:
        loc = primary_location(result)
        func = enclosing_function(cwd, loc[0], loc[1]) if loc else "?"
    return label, func


def primary_location(result):
    try:
        phys = result["locations"][0]["physicalLocation"]
        return phys["artifactLocation"]["uri"], phys["region"]["startLine"]
    except (KeyError, IndexError):
        return None


def sample_stacks(pid, path, samples=3):
    """Where a run that hit the timeout spends its time: a few gdb stack
    samples, one second apart (the analysis is single-threaded after
    parsing, so the main thread's stack is the one that matters)."""
    gdb = "/usr/bin/gdb"
    if not os.path.exists(gdb):
        return
    with open(path, "w") as out:
        for i in range(samples):
            out.write("=== sample %d\n" % (i + 1))
            out.flush()
            try:
                # The stack, then (best effort: the names are the front
                # end's own and may change) the function being analysed.
                subprocess.run([gdb, "-p", str(pid), "-batch", "-nx",
                                "-ex", "set pagination off", "-ex", "bt 60",
                                "-ex", "frame function fe_run_function",
                                "-ex", "print cx->root_function"],
                               stdout=out, stderr=subprocess.DEVNULL, timeout=60)
            except subprocess.TimeoutExpired:
                out.write("(gdb timed out)\n")
            time.sleep(1)


def where_stuck(stacks_path):
    """From the gdb samples: the functions being analysed (the value printed
    for cx->root_function) and the innermost frame of vksync-lint's own code."""
    try:
        with open(stacks_path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    roots = re.findall(r'^\$\d+ = 0x[0-9a-f]+ "([^"]*)"', text, re.M)
    inner = []
    for sample in text.split("=== sample")[1:]:
        for m in re.finditer(r"^#\d+\s+(?:0x[0-9a-f]+ in )?(\w+) \(.*\) at \S*?/"
                             r"((?:analyzer|engine|smt|spirv|report|cli)/[\w.]+:\d+)",
                             sample, re.M):
            inner.append("%s (%s)" % m.groups())
            break
    if not roots and not inner:
        return None
    return "analysing %s; innermost %s" % ("/".join(sorted(set(roots))) or "?",
                                          "/".join(sorted(set(inner))) or "?")


def run_tool(argv, cwd, stdout_path, stderr_path, timeout, mem_mb, stacks_path):
    """Runs argv; returns (status, wall seconds, rusage, timed_out).
    status is the exit status, or -SIGNAL when killed by a signal."""
    def limit():
        os.setsid()
        if mem_mb > 0:
            size = mem_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (size, size))
    with open(stdout_path, "wb") as out, open(stderr_path, "wb") as err:
        start = time.monotonic()
        proc = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=err,
                                stdin=subprocess.DEVNULL, preexec_fn=limit)
        timed_out = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > timeout:
                timed_out = True
                if stacks_path:
                    sample_stacks(proc.pid, stacks_path)
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.05)
        wall = time.monotonic() - start
        proc.returncode = 0  # reaped by wait4 above
    if os.WIFSIGNALED(status):
        code = -os.WTERMSIG(status)
    else:
        code = os.WEXITSTATUS(status)
    return code, wall, usage, timed_out


def summarise(name, sarif_path, stderr_path, cwd, code, wall, usage, timed_out, timeout):
    rec = {"name": name, "wall_s": round(wall, 2), "peak_rss_mb": usage.ru_maxrss // 1024,
           "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
           "exit": code, "timed_out": timed_out, "paths": None, "pairs_ordered": None,
           "unknown": None, "incomplete": {}, "rules": {}, "input_errors": []}
    stderr = ""
    try:
        with open(stderr_path, encoding="utf-8", errors="replace") as f:
            stderr = f.read()
    except OSError:
        pass
    m = None
    for m in STATS_RE.finditer(stderr):
        pass
    if m:
        rec["pairs_ordered"], rec["paths"], rec["unknown"] = map(int, m.groups())
    log = None
    if not timed_out:
        try:
            with open(sarif_path, encoding="utf-8") as f:
                log = json.load(f)
        except (OSError, ValueError) as e:
            rec["sarif_error"] = str(e)
    if log:
        run = log["runs"][0]
        props = run.get("properties", {})
        rec["paths"] = props.get("pathsExplored", rec["paths"])
        rec["pairs_ordered"] = props.get("pairsProvedOrdered", rec["pairs_ordered"])
        rec["unknown"] = props.get("unknownQuestions", rec["unknown"])
        rec["unknown_by_reason"] = {k: v for k, v in
                                    props.get("unknownQuestionsByReason", {}).items() if v}
        for inv in run.get("invocations", []):
            for note in inv.get("toolExecutionNotifications", []):
                rec["input_errors"].append(note.get("message", {}).get("text", ""))
        for result in run.get("results", []):
            rule = result.get("ruleId", "?")
            rec["rules"][rule] = rec["rules"].get(rule, 0) + 1
            if rule == "vksync-incomplete":
                key = "%s in %s" % classify_incomplete(result, cwd)
                rec["incomplete"][key] = rec["incomplete"].get(key, 0) + 1
    elif not timed_out:
        # No SARIF (a crash): the first error line on stderr says why.
        for line in stderr.splitlines():
            if "error" in line:
                rec["input_errors"].append(line.strip())
                break
    return rec


def status_word(rec, timeout):
    code = rec["exit"]
    if rec["timed_out"]:
        return "TIMEOUT(>%ds)" % timeout
    if code < 0:
        return "CRASH(signal %d %s)" % (-code, signal.Signals(-code).name)
    return "exit=%d" % code


def format_line(rec, timeout):
    def num(v):
        return "?" if v is None else str(v)
    parts = ["%-28s" % rec["name"],
             "%6.1fs" % rec["wall_s"],
             "(cpu %5.1fs)" % rec["cpu_s"],
             "%6dMB" % rec["peak_rss_mb"],
             "%-14s" % status_word(rec, timeout),
             "paths=%s" % num(rec["paths"]),
             "ordered=%s" % num(rec["pairs_ordered"]),
             "unknown=%s" % num(rec["unknown"])]
    if rec["timed_out"] or rec.get("sarif_error"):
        parts.append("incomplete=? findings: ? (%s)" % (
            "killed at the timeout: no report" if rec["timed_out"] else
            "no SARIF log: " + rec["sarif_error"][:100]))
        if rec["input_errors"]:
            parts.append("stderr: " + rec["input_errors"][0][:160])
        if rec.get("stuck"):
            parts.append("at the timeout: " + rec["stuck"])
        return "  ".join(parts)
    n_inc = sum(rec["incomplete"].values())
    inc = "incomplete=%d" % n_inc
    if n_inc:
        # Grouped by limit, then by function: "paths>64 x3 (f 2, g 1)".
        by_limit = {}
        for key, n in rec["incomplete"].items():
            label, func = key.split(" in ", 1)
            by_limit.setdefault(label, {})[func] = n
        groups = []
        for label, funcs in sorted(by_limit.items(), key=lambda kv: -sum(kv[1].values())):
            where = ", ".join("%s %d" % (f, n) if n > 1 else f for f, n in
                              sorted(funcs.items(), key=lambda kv: (-kv[1], kv[0])))
            groups.append("%s x%d (%s)" % (label, sum(funcs.values()), where))
        inc += " [" + "; ".join(groups) + "]"
    parts.append(inc)
    rules = {k: v for k, v in rec["rules"].items() if k != "vksync-incomplete"}
    parts.append("findings: " + (", ".join("%s=%d" % kv for kv in sorted(rules.items())) or "none"))
    if rec["input_errors"]:
        parts.append("input-errors=%d (first: %s)" % (len(rec["input_errors"]),
                                                      rec["input_errors"][0][:160]))
    return "  ".join(parts)


def ccdb_flags(ccdb, cwd, files):
    """The compiler flags the package's build uses for FILES, read from
    DIR/compile_commands.json and passed after `--` (not with -p: see
    docs/realworld.md - vksync-lint keeps the commands' -MD/-MF options and
    clang then fails to open the dependency file in an unbuilt tree).
    Kept: -I/-isystem/-iquote (made absolute), -D/-U, -include, -std=,
    -pthread; dropped: output, dependency-file, warning, optimisation and
    code-generation options.  Where the files' flags differ (a library's
    -DBUILDING_X beside its plugins), their union in first-seen order.
    Returns (flags, files missing from the database)."""
    with open(os.path.join(ccdb, "compile_commands.json")) as f:
        db = json.load(f)
    by_file = {}
    for entry in db:
        directory = entry.get("directory", "")
        by_file[os.path.realpath(os.path.join(directory, entry["file"]))] = entry
    flags, seen, missing = [], set(), []
    with_value = ("-I", "-isystem", "-iquote", "-D", "-U", "-include")
    for name in files:
        entry = by_file.get(os.path.realpath(os.path.join(cwd, name)))
        if entry is None:
            missing.append(name)
            continue
        directory = entry.get("directory", "")
        argv = entry.get("arguments") or shlex.split(entry.get("command", ""))
        i = 1
        while i < len(argv):
            a = argv[i]
            opt, val = None, None
            for w in with_value:
                if a == w and i + 1 < len(argv):
                    opt, val = w, argv[i + 1]
                    i += 1
                    break
                if a.startswith(w) and len(a) > len(w) and w in ("-I", "-D", "-U"):
                    opt, val = w, a[len(w):]
                    break
            i += 1
            if opt is None:
                if a.startswith("-std=") or a == "-pthread":
                    key = (a,)
                    if key not in seen:
                        seen.add(key)
                        flags.append(a)
                continue
            if opt in ("-I", "-isystem", "-iquote", "-include") and not os.path.isabs(val):
                val = os.path.normpath(os.path.join(directory, val))
            key = (opt, val)
            if key not in seen:
                seen.add(key)
                flags += [opt + val] if opt in ("-I", "-D", "-U") else [opt, val]
    return flags, missing


def cmd_run(args):
    opts = {"timeout": 120, "mem_mb": 0, "text": False, "ccdb": None}
    files, flags = [], []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            flags = args[i + 1:]
            break
        if a in ("--name", "--cwd", "--out", "--tool", "--timeout", "--mem-mb", "--ccdb"):
            opts[a[2:].replace("-", "_")] = args[i + 1]
            i += 2
            continue
        if a == "--text":
            opts["text"] = True
        else:
            files.append(a)
        i += 1
    name, cwd, out = opts["name"], opts["cwd"], opts["out"]
    timeout, mem_mb = int(opts["timeout"]), int(opts["mem_mb"])
    os.makedirs(out, exist_ok=True)
    base = os.path.join(out, name)
    for suffix in (".sarif", ".txt", ".stderr", ".stacks", ".txt.stderr"):
        if os.path.exists(base + suffix):
            os.remove(base + suffix)
    if opts["ccdb"]:
        try:
            db_flags, missing = ccdb_flags(opts["ccdb"], cwd, files)
        except (OSError, ValueError) as e:
            db_flags, missing = [], ["(%s)" % e]
        if missing:
            print("realworld: %s: not in %s/compile_commands.json: %s"
                  % (name, opts["ccdb"], " ".join(missing[:5])), file=sys.stderr)
        flags = db_flags + flags
    common = list(files)
    if flags:
        common += ["--"] + flags
    argv = [opts["tool"], "--format=sarif", "-o", base + ".sarif"] + common
    with open(base + ".cmd", "w") as f:
        f.write("cd %s &&\n%s\n" % (shlex.quote(cwd), " ".join(shlex.quote(a) for a in argv)))
    code, wall, usage, timed_out = run_tool(argv, cwd, os.devnull, base + ".stderr",
                                            timeout, mem_mb, base + ".stacks")
    rec = summarise(name, base + ".sarif", base + ".stderr", cwd, code, wall, usage,
                    timed_out, timeout)
    rec["files"] = len(files)
    if timed_out:
        rec["stuck"] = where_stuck(base + ".stacks")
    if opts["text"] and not timed_out:
        # The same analysis again, for the clang-tidy style report.
        tcode, twall, _, ttimed = run_tool([opts["tool"]] + common, cwd, base + ".txt",
                                           base + ".txt.stderr", timeout, mem_mb, None)
        if ttimed:
            with open(base + ".txt", "a") as f:
                f.write("\n[realworld.sh: the text run timed out after %d s]\n" % timeout)
        elif tcode != code:
            print("realworld: %s: the text run exited %d, the SARIF run %d"
                  % (name, tcode, code), file=sys.stderr)
    with open(os.path.join(out, "summary.jsonl"), "a") as f:
        f.write(json.dumps(rec, sort_keys=True) + "\n")
    print(format_line(rec, timeout), flush=True)
    return 0


def cmd_failed(args):
    """realworld.py failed NAME REASON...: the line for a program that could
    not be run at all (fetch or preparation failed)."""
    name, reason = args[0], " ".join(args[1:])
    print("%-28s  NOT RUN: %s" % (name, reason), flush=True)
    return 0


# Issue 11's acceptance targets: the three small programs analysed to the
# end in 10 s and 1 GB; every package in 60 s and 2 GB, without a crash.
SMALL = ("vkcube", "vkcube-xcb", "glfw-triangle-vulkan")


def cmd_targets(args):
    """realworld.py targets SUMMARY.jsonl: one line per program that misses
    a target of issue 11, and a count."""
    misses = 0
    with open(args[0]) as f:
        records = [json.loads(line) for line in f if line.strip()]
    for rec in records:
        small = rec["name"] in SMALL
        wall_max, mb_max = (10, 1024) if small else (60, 2048)
        why = []
        if rec["timed_out"]:
            why.append("timed out")
        elif rec["exit"] < 0:
            why.append("crashed")
        if rec["wall_s"] > wall_max:
            why.append("%.0f s wall (cpu %.0f s) > %d s" % (rec["wall_s"], rec["cpu_s"], wall_max))
        if rec["peak_rss_mb"] > mb_max:
            why.append("%d MB > %d MB" % (rec["peak_rss_mb"], mb_max))
        n_inc = sum(rec["incomplete"].values())
        if small and n_inc:
            why.append("%d vksync-incomplete" % n_inc)
        if why:
            misses += 1
            print("#   %-26s %s" % (rec["name"], "; ".join(why)))
    print("# %d of %d programs miss issue 11's targets (vkcube, vkcube-xcb, triangle-vulkan: "
          "complete, 10 s, 1 GB; the others: 60 s, 2 GB)" % (misses, len(records)))
    return 0


def main(argv):
    if len(argv) >= 2 and argv[1] == "run":
        return cmd_run(argv[2:])
    if len(argv) >= 3 and argv[1] == "targets":
        return cmd_targets(argv[2:])
    if len(argv) >= 3 and argv[1] == "failed":
        return cmd_failed(argv[2:])
    if len(argv) >= 2 and argv[1] == "header":
        print("# program  wall (cpu: user+sys, less sensitive to a busy machine)  peak-RSS  exit-status  paths-explored  "
              "access-pairs-proved-ordered  questions-unknown  "
              "vksync-incomplete [limit in function xN]  findings per rule")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
