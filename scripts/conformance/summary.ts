// Reads each scenario's checks.json of one requirement set and prints pass counts per set; summary.json
// carries the counters of a Vitest JSON report (one "test" per scenario) so .ci/run totals it with the
// rest.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

interface Check {
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  name: string;
  errorMessage?: string;
}

interface ScenarioResult {
  name: string;
  passed: number;
  failed: number;
  warnings: number;
  failures: string[];
}

export interface SetResult {
  label: string;
  scenarios: ScenarioResult[];
}

export function summarizeSet(label: string, dir: string): SetResult {
  if (!existsSync(dir)) return { label, scenarios: [] };
  const scenarios = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "checks.json")))
    .map((entry): ScenarioResult => {
      const checks = JSON.parse(readFileSync(path.join(dir, entry.name, "checks.json"), "utf8")) as Check[];
      const count = (status: Check["status"]) => checks.filter((check) => check.status === status).length;
      const name = entry.name.replace(/^(server|authorization)-/, "").replace(/-\d{4}-\d{2}-\d{2}T.*$/, "");
      return {
        name,
        passed: count("SUCCESS"),
        failed: count("FAILURE"),
        warnings: count("WARNING"),
        failures: checks
          .filter((check) => check.status === "FAILURE")
          .map((check) => `${check.name}: ${check.errorMessage ?? ""}`),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return { label, scenarios };
}

export function printSummary(sets: SetResult[]) {
  console.log("\n==================== Portico conformance summary ====================");
  let passed = 0;
  let failed = 0;
  const perSet = sets.map((set) => {
    const setPassed = set.scenarios.filter((scenario) => scenario.failed === 0).length;
    const setFailed = set.scenarios.length - setPassed;
    passed += setPassed;
    failed += setFailed;
    console.log(`\n${set.label}: ${setPassed}/${set.scenarios.length} scenarios passed`);
    for (const scenario of set.scenarios) {
      const mark = scenario.failed === 0 ? "ok  " : "FAIL";
      console.log(`  ${mark} ${scenario.name}: ${scenario.passed} checks passed, ${scenario.failed} failed`);
      for (const failure of scenario.failures) console.log(`       ${failure}`);
    }
    return { label: set.label, passed: setPassed, failed: setFailed, scenarios: set.scenarios };
  });
  console.log(`\nScenarios: ${passed} passed, ${failed} failed`);
  return {
    sets: perSet,
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: 0,
    numTodoTests: 0,
  };
}
