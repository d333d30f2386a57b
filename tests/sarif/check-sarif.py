#!/usr/bin/python3
"""check-sarif.py LOG - what docs/design.md ("SARIF") and docs/conventions.md
("SARIF 2.1.0") require of vksync-lint's SARIF beyond the schema.  Exit 1
with one line per problem."""
import json, sys

def problems(log):
    if log.get("version") != "2.1.0":
        yield "version is not 2.1.0"
    runs = log.get("runs", [])
    if len(runs) != 1:
        yield f"{len(runs)} runs, expected exactly one"
        return
    run = runs[0]
    driver = run["tool"]["driver"]
    if driver.get("name") != "vksync-lint":
        yield "tool.driver.name is not vksync-lint"
    for key in ("semanticVersion", "informationUri", "rules"):
        if key not in driver:
            yield f"tool.driver.{key} missing"
    rules = driver.get("rules", [])
    ids = [r["id"] for r in rules]
    for r in rules:
        for key in ("name", "shortDescription", "fullDescription", "help",
                    "helpUri", "defaultConfiguration"):
            if key not in r:
                yield f"rule {r['id']}: {key} missing"
        if r.get("name") == r["id"]:
            yield f"rule {r['id']}: name equals id"
        if not {"text", "markdown"} <= set(r.get("help", {})):
            yield f"rule {r['id']}: help needs text and markdown"
        if not r.get("helpUri", "").endswith(f"docs/checks/{r['id']}.md"):
            yield f"rule {r['id']}: helpUri does not name docs/checks/{r['id']}.md"
    if "hazard-read-after-write" not in ids or "vksync-incomplete" not in ids:
        yield "rules.def rules missing from tool.driver.rules"
    inv = run.get("invocations", [{}])[0]
    if "executionSuccessful" not in inv:
        yield "invocations[0].executionSuccessful missing"
    base = run.get("originalUriBaseIds", {}).get("%SRCROOT%", {}).get("uri", "")
    if not (base.startswith("file:///") and base.endswith("/")):
        yield f"%SRCROOT% is not an absolute file:// directory URI: {base!r}"
    for key in ("pairsProvedOrdered", "pathsExplored", "unknownQuestions"):
        if key not in run.get("properties", {}):
            yield f"run.properties.{key} missing"
    for i, res in enumerate(run.get("results", [])):
        where = f"results[{i}]"
        if ids[res["ruleIndex"]] != res["ruleId"]:
            yield f"{where}: ruleIndex does not point at ruleId"
        if res.get("level") not in ("error", "warning", "note"):
            yield f"{where}: level missing"
        loc = res["locations"][0]["physicalLocation"]
        uri = loc["artifactLocation"]["uri"]
        if not uri.startswith("file://") and loc["artifactLocation"].get("uriBaseId") != "%SRCROOT%":
            yield f"{where}: relative uri without %SRCROOT%"
        if "region" in loc and loc["region"]["startLine"] < 1:
            yield f"{where}: startLine < 1"
        if len(res.get("relatedLocations", [])) > 10:
            yield f"{where}: more than 10 relatedLocations (GitHub's limit)"
        if not res.get("partialFingerprints"):
            yield f"{where}: partialFingerprints missing"
        flows = res.get("codeFlows", [])
        if len(flows) > 1 or any(len(f["threadFlows"]) != 1 for f in flows):
            yield f"{where}: the counterexample must be one code flow with one thread flow"
        for f in flows:
            steps = f["threadFlows"][0]["locations"]
            orders = [s["executionOrder"] for s in steps]
            if orders != list(range(1, len(steps) + 1)):
                yield f"{where}: executionOrder is not 1..n: {orders}"
            if steps[-1]["location"]["message"]["text"] != res["message"]["text"]:
                yield f"{where}: the last code flow step is not the finding"
        if res["ruleId"].startswith("hazard-") and "hazard" not in res.get("properties", {}):
            yield f"{where}: hazard finding without properties.hazard"

def main(path):
    with open(path) as f:
        log = json.load(f)
    found = list(problems(log))
    for p in found:
        print(f"{path}: {p}")
    if not found:
        print(f"{path}: vksync-lint SARIF contract holds")
    return 1 if found else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
