#!/usr/bin/env python3
"""run-diff.py - differential test: vksync-lint against the validation layer.

For every program in tests/diff/programs/ (README.md here describes the
header format):
  1. run its executable on lavapipe with the Khronos validation layer's
     synchronization validation (syncval) enabled and collect the layer's
     hazards as (message id, source line) -- the runtime (harness/vkrt.c)
     prints one "VVL-MSG <id> line=<L> cmd=<name>" line per message;
  2. check the layer against the program's own header: the hazards it
     reports must be exactly the EXPECT lines (a mismatch is a corpus bug);
     every path-not-taken VKSYNC-ONLY hazard must be reported by the layer
     when the program is re-run with its switch;
  3. run vksync-lint --format=sarif on the program's source with the
     harness's (harness/vkrt.c) and the SPIR-V of the shaders it loads, and
     compare: every layer hazard must be a
     vksync-lint finding at the same line with the same properties.hazard
     ("agreed", else "layer-only"); every vksync-lint hazard the layer did
     not report must be one of the program's VKSYNC-ONLY lines ("vksync-only
     (explained)", else "unexplained"), and every VKSYNC-ONLY line must be
     reported by vksync-lint.
A program passes when all of that holds.  The last two lines are
  diff: A agreed, V vksync-only (explained), L layer-only
  N passed, M failed
and the exit status is 0 only when nothing failed.  With --known-gaps FILE,
the programs FILE lists (known vksync-lint gaps) are reported as XFAIL and
counted on a line of their own; one of them passing is a failure.

Other corpora reuse it (tests/styles/README.md): --programs DIR runs the
programs of DIR instead (and no examples); --standalone gives vksync-lint
each program alone, `vksync-lint --format=sarif PROG -- -IDIR...` with one
-I per --include-dir, instead of with this directory's harness; --label NAME
makes the summary line `diff(NAME): ...`.  Without them the run is the one
described above.  A program of --programs DIR may be a directory of .c
files (one executable of the directory's name, analysed as `vksync-lint
--format=sarif DIR/a.c DIR/b.c -- ...`); its expectations are in the one
file with EXPECT lines, whose lines they name.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys

LAYER_ENV = {
    "VK_INSTANCE_LAYERS": "VK_LAYER_KHRONOS_validation",
    "VK_LAYER_ENABLES":
        "VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT:"
        "VALIDATION_CHECK_ENABLE_SYNCHRONIZATION_VALIDATION_QUEUE_SUBMIT",
    "VK_ICD_FILENAMES": "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json",
    "VK_DRIVER_FILES": "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json",
}

REASONS = ("path-not-taken", "host-access", "shader-internal", "spec-vs-layer")

EXPECT_RE = re.compile(r"^// EXPECT: (?:(clean)|(SYNC-HAZARD-[A-Z-]+) at line (\d+))\s*$")
ONLY_RE = re.compile(
    r"^// VKSYNC-ONLY: (\S+) (\S+) at (?:line (\d+)|([\w.-]+):(\d+))"
    r"(?: with (--[\w-]+))?\s*$")
SHADER_RE = re.compile(r'vkrt_(?:compute|graphics)_pipeline\(\s*\w+\s*,\s*"([\w.]+)"')
MSG_RE = re.compile(r"^VVL-MSG (\S+) line=(\d+) cmd=(\S+)$")


def hazard_of(message_id):
    """SYNC-HAZARD-READ-AFTER-WRITE -> READ_AFTER_WRITE (SARIF's spelling)."""
    return message_id[len("SYNC-HAZARD-"):].replace("-", "_")


class Spec:
    """The expectations in a program's header comment."""

    def __init__(self, path, name=None):
        self.path = path
        # The file whose lines the layer's and vksync-lint's hazards name.
        self.name = name or os.path.basename(path)
        self.label = self.name      # how the summary names it
        self.key = self.label[:-2]  # and KNOWN-GAPS
        self.exe = os.path.join("programs", os.path.basename(path)[:-2])
        self.sources = [path]       # what vksync-lint analyses
        self.clean = False
        self.expect = set()      # {(hazard, line)}
        self.only = []           # [(reason, hazard-or-glob, file, line, switch)]
        self.errors = []
        self.shaders = []
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for number, line in enumerate(text.splitlines(), 1):
            if line.startswith("// EXPECT:"):
                m = EXPECT_RE.match(line)
                if not m:
                    self.errors.append("line %d: malformed EXPECT" % number)
                elif m.group(1):
                    self.clean = True
                else:
                    self.expect.add((hazard_of(m.group(2)), int(m.group(3))))
            elif line.startswith("// VKSYNC-ONLY:"):
                m = ONLY_RE.match(line)
                if not m or m.group(1) not in REASONS:
                    self.errors.append("line %d: malformed VKSYNC-ONLY" % number)
                    continue
                reason, what = m.group(1), m.group(2)
                if what.startswith("SYNC-HAZARD-"):
                    what = hazard_of(what)
                where_file = m.group(4) or self.name
                where_line = int(m.group(3) or m.group(5))
                switch = m.group(6)
                if (reason == "path-not-taken") != (switch is not None):
                    self.errors.append(
                        "line %d: path-not-taken needs 'with --switch' (and only it)" % number)
                self.only.append((reason, what, where_file, where_line, switch))
        if self.clean == bool(self.expect):
            self.errors.append("needs either '// EXPECT: clean' or EXPECT hazards")
        self.shaders = sorted(set(SHADER_RE.findall(text)) | (
            {"fullscreen.vert"} if "vkrt_graphics_pipeline" in text else set()))


def run_layer(exe, args, timeout):
    """Runs the program under syncval; returns (hazards, problems)."""
    env = dict(os.environ)
    env.update(LAYER_ENV)
    try:
        p = subprocess.run([exe] + args, env=env, capture_output=True,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return set(), ["timed out after %ds" % timeout]
    except OSError as e:
        return set(), ["cannot run %s: %s" % (exe, e.strerror)]
    hazards, problems, done = set(), [], False
    for line in p.stdout.splitlines():
        m = MSG_RE.match(line)
        if m:
            msg_id, src_line = m.group(1), int(m.group(2))
            if not msg_id.startswith("SYNC-HAZARD-"):
                problems.append("layer says the program is invalid: %s" % msg_id)
            elif src_line == 0:
                problems.append("%s could not be mapped to a line" % msg_id)
            else:
                hazards.add((hazard_of(msg_id), src_line))
        elif line.startswith("VKRT-ERROR"):
            problems.append(line)
        elif line == "VKRT-DONE":
            done = True
    if p.returncode != 0 or not done:
        problems.append("exit status %d%s" % (p.returncode,
                        "" if done else ", did not finish"))
    return hazards, problems


def run_lint(lint, spec, shader_dir, harness_dir, timeout, standalone=None):
    """Runs vksync-lint; returns ([(hazard, rule, file, line)], problems).
    standalone: None, or the compiler arguments for a program analysed
    alone (--standalone)."""
    cwd = None
    if isinstance(spec, ExampleSpec):
        cmd, cwd = spec.lint_command(lint), spec.root
    elif standalone is not None:
        cmd = [lint, "--format=sarif"] + spec.sources
        cmd += [os.path.join(shader_dir, s + ".spv") for s in spec.shaders]
        cmd += ["--"] + standalone
    else:
        cmd = [lint, "--format=sarif", spec.path]
        cmd += [os.path.join(shader_dir, s + ".spv") for s in spec.shaders]
        # The runtime is analysed with the program: the shader modules,
        # pipelines, descriptor sets (vkrt.c), views and framebuffers
        # (vkrt_attachments.c) it creates for the program's commands
        # (README.md, 'A program').
        cmd += [os.path.join(harness_dir, f) for f in ("vkrt.c", "vkrt_attachments.c")]
        cmd += ["--", "-I" + harness_dir]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired:
        return [], ["vksync-lint timed out after %ds" % timeout]
    if p.returncode not in (0, 1):
        first = (p.stderr.strip().splitlines() or ["(no message)"])[0]
        return [], ["vksync-lint exit status %d: %s" % (p.returncode, first)]
    try:
        log = json.loads(p.stdout)
        results = log["runs"][0].get("results", [])
    except (ValueError, KeyError, IndexError) as e:
        return [], ["vksync-lint wrote no SARIF log (%s)" % e]
    findings = []
    for r in results:
        loc = r["locations"][0]["physicalLocation"]
        uri = loc["artifactLocation"]["uri"]
        line = loc["region"]["startLine"]
        hazard = (r.get("properties") or {}).get("hazard")
        findings.append((hazard, r["ruleId"], os.path.basename(uri), line))
    return findings, []


def only_matches(entry, finding):
    _, what, where_file, where_line, _ = entry
    hazard, rule, file, line = finding
    if (file, line) != (where_file, where_line):
        return False
    if what.endswith("*"):
        return rule.startswith(what[:-1])
    return what in (hazard, rule)   # READ_AFTER_WRITE, or a rule: layout-discard


def check_program(spec, args):
    """Returns (passed, corpus_ok, agreed, explained, layer_only, messages);
    corpus_ok: the layer side (program vs its header) held."""
    msgs = list(spec.errors)
    exe = os.path.join(args.bin, spec.exe)
    layer, problems = run_layer(exe, [], args.timeout)
    msgs += problems
    if not problems and layer != spec.expect:
        msgs.append("the layer reports %s, the header expects %s" % (
            fmt(layer), fmt(spec.expect)))
    for entry in spec.only:
        reason, what, where_file, where_line, switch = entry
        if reason != "path-not-taken":
            continue
        confirmed, problems = run_layer(exe, [switch], args.timeout)
        msgs += ["with %s: %s" % (switch, p) for p in problems]
        if (what, where_line) not in confirmed:
            msgs.append("with %s the layer does not confirm %s at line %d (it reports %s)"
                        % (switch, what, where_line, fmt(confirmed)))
    corpus_ok = not msgs
    if args.layer_only:
        return not msgs, corpus_ok, 0, 0, 0, msgs

    findings, problems = run_lint(args.lint, spec, os.path.join(args.bin, "shaders"),
                                  args.harness, args.timeout,
                                  ["-I" + d for d in args.include_dir]
                                  if args.standalone else None)
    msgs += problems
    hazards = [f for f in findings if f[0] or f[1].startswith("shader-")
               or any(only_matches(e, f) for e in spec.only)]
    agreed = layer_only = explained = 0
    for hazard, line in sorted(layer):
        if (hazard, spec.name, line) in {(f[0], f[2], f[3]) for f in hazards}:
            agreed += 1
        else:
            layer_only += 1
            msgs.append("layer-only: %s at line %d (vksync-lint misses it)" % (hazard, line))
    for f in hazards:
        if f[2] == spec.name and (f[0], f[3]) in layer:
            continue
        if any(only_matches(e, f) for e in spec.only):
            explained += 1
        else:
            msgs.append("unexplained vksync-only: %s [%s] at %s:%d" % (f[0], f[1], f[2], f[3]))
    for e in spec.only:
        if not any(only_matches(e, f) for f in hazards):
            msgs.append("vksync-lint misses the expected %s %s at %s:%d" % (
                e[0], e[1], e[2], e[3]))
    return not msgs, corpus_ok, agreed, explained, layer_only, msgs


class DirSpec(Spec):
    """A program of several .c files in a directory: the one with EXPECT
    lines holds the expectations and names the lines."""

    def __init__(self, folder):
        sources = sorted(os.path.join(folder, n) for n in os.listdir(folder)
                         if n.endswith(".c"))
        headed = [f for f in sources if "\n// EXPECT:" in "\n" + open(f, encoding="utf-8").read()]
        Spec.__init__(self, headed[0] if headed else sources[0])
        if len(headed) != 1:
            self.errors.append("%d of its files have EXPECT lines, not one" % len(headed))
        self.key = os.path.basename(folder)
        self.label = self.key + "/" + self.name
        self.exe = os.path.join("programs", self.key)
        self.sources = sources


def program_spec(program_dir, name):
    path = os.path.join(program_dir, name)
    if os.path.isdir(path):
        return DirSpec(path)
    return Spec(path if path.endswith(".c") else path + ".c")


# ---- The examples, run for real (README.md, 'Examples') ----
# tests/diff/examples/<topic>_<name>.c is a wrapper: its header holds the
# expectations, it #includes examples/<topic>/<name>.c unchanged and adds the
# main that runs it.  The layer's lines are the example's own (VKRT_TRACE's
# __LINE__ inside the included file), and vksync-lint runs on the example the
# way the golden test does (tests/golden/run-golden.sh: NAME.args if present).

EXAMPLE_INCLUDE_RE = re.compile(r'^#include "(?:\.\./)+(examples/[\w/]+\.c)"', re.M)


class ExampleSpec(Spec):
    """A wrapper's expectations, about the example file it includes."""

    def __init__(self, wrapper, root, build_dir):
        with open(wrapper, encoding="utf-8") as f:
            m = EXAMPLE_INCLUDE_RE.search(f.read())
        example = m.group(1) if m else "examples/(no #include of an example)"
        Spec.__init__(self, wrapper, os.path.basename(example))
        if not m:
            self.errors.append("no #include \"../../../examples/...c\" line")
        self.root, self.build_dir, self.example = root, build_dir, example
        self.label = "examples/" + os.path.basename(wrapper)
        self.key = self.label[:-2]
        self.exe = os.path.join("examples", os.path.basename(wrapper)[:-2])

    def lint_command(self, lint):
        """NAME.args (paths relative to the source tree, @BUILD@ the build
        directory), else the example alone, as run-golden.sh does.  --dump-ir
        is left out: it writes the IR where the SARIF log goes."""
        args_file = os.path.join(self.root, self.example[:-2] + ".args")
        if os.path.exists(args_file):
            with open(args_file, encoding="utf-8") as f:
                args = [a.replace("@BUILD@", self.build_dir) for a in f.read().split()]
            args = [a for a in args if a != "--dump-ir"]
        else:
            args = [self.example]
        return [lint, "--format=sarif"] + args


def example_specs(here, lint, wanted):
    """The wrappers in examples/ (all, or the 'examples/NAME' in wanted)."""
    root = os.path.dirname(os.path.dirname(here))
    build_dir = os.path.dirname(os.path.abspath(lint)) if lint else ""
    folder = os.path.join(here, "examples")
    names = sorted(n for n in os.listdir(folder) if n.endswith(".c"))
    if wanted:
        names = [w[len("examples/"):] for w in wanted]
        names = [n if n.endswith(".c") else n + ".c" for n in names]
    return [ExampleSpec(os.path.join(folder, n), root, build_dir) for n in names]


def fmt(hazards):
    if not hazards:
        return "nothing"
    return ", ".join("%s at line %d" % h for h in sorted(hazards, key=lambda h: h[1]))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lint", help="the vksync-lint executable")
    ap.add_argument("--bin", required=True, help="the build's tests/diff directory")
    ap.add_argument("--layer-only", action="store_true",
                    help="only check the layer against the programs' headers")
    ap.add_argument("--timeout", type=int, default=60, help="seconds per run")
    ap.add_argument("-j", type=int, default=2, help="programs run in parallel")
    ap.add_argument("--known-gaps", metavar="FILE",
                    help="programs expected to fail: 'NAME reason' lines")
    ap.add_argument("--programs", metavar="DIR", dest="programs_dir",
                    help="the corpus's programs (default: programs/ here, and the examples)")
    ap.add_argument("--standalone", action="store_true",
                    help="analyse each program alone, without this directory's harness")
    ap.add_argument("--include-dir", metavar="DIR", action="append", default=[],
                    help="with --standalone: -IDIR after vksync-lint's '--'")
    ap.add_argument("--label", help="the summary line reads 'diff(LABEL): ...'")
    ap.add_argument("programs", nargs="*", help="program names (default: all)")
    args = ap.parse_args()
    args.harness = os.path.join(here, "harness")
    if not args.layer_only and not args.lint:
        ap.error("--lint is required unless --layer-only")
    program_dir = args.programs_dir or os.path.join(here, "programs")
    wanted_examples = [n for n in args.programs if n.startswith("examples/")]
    names = [n for n in args.programs if not n.startswith("examples/")]
    if not args.programs:
        names = sorted(n for n in os.listdir(program_dir) if n.endswith(".c") or (
            args.programs_dir and os.path.isdir(os.path.join(program_dir, n))))
    specs = [program_spec(program_dir, n) for n in names]
    if not args.programs_dir and (wanted_examples or not args.programs):
        specs += example_specs(here, args.lint, wanted_examples)
    gaps = read_known_gaps(args.known_gaps) if args.known_gaps else {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        outcomes = list(pool.map(lambda s: check_program(s, args), specs))
    totals, gap_totals = [0, 0, 0], [0, 0, 0]
    passed = failed = xfailed = 0
    for spec, (ok, corpus_ok, agreed, explained, layer_only, msgs) in zip(specs, outcomes):
        # A known gap excuses vksync-lint's side only, never the corpus's.
        gap = gaps.get(spec.key) if corpus_ok else None
        counts = gap_totals if gap is not None and not ok else totals
        counts[0] += agreed
        counts[1] += explained
        counts[2] += layer_only
        if ok and gap is not None:
            failed += 1
            print("FAIL %s: passes now; remove it from %s" % (spec.label, args.known_gaps))
        elif ok:
            passed += 1
            print("PASS %s" % spec.label)
        else:
            if gap is not None:
                xfailed += 1
                print("XFAIL %s (known gap: %s)" % (spec.label, gap))
            else:
                failed += 1
                print("FAIL %s" % spec.label)
            for m in msgs:
                print("    %s" % m)
    if gaps:
        print("known gaps: %d programs failed as listed in %s "
              "(%d agreed, %d vksync-only (explained), %d layer-only among them)"
              % ((xfailed, args.known_gaps) + tuple(gap_totals)))
    print("%s: %d agreed, %d vksync-only (explained), %d layer-only" % (
        ("diff(%s)" % args.label if args.label else "diff",) + tuple(totals)))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(0 if failed == 0 and passed > 0 else 1)


def read_known_gaps(path):
    """NAME reason... lines; '#' starts a comment."""
    gaps = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                name, _, reason = line.partition(" ")
                gaps[name] = reason.strip() or "(no reason given)"
    return gaps


if __name__ == "__main__":
    main()
