// `npm run test:conformance`: runs the official MCP conformance suite (@modelcontextprotocol/conformance)
// against Portico's /mcp. Builds if needed, starts Portico with the test-only conformance fixtures
// (MCP_CONFORMANCE_FIXTURES=true), creates a user, organization, project and API key through the HTTP
// API, and points the suite at a loopback proxy that adds the key as a bearer token (the suite has no
// option for an Authorization header). Arguments are passed on to the suite (e.g. `-- --suite all`,
// `-- --scenario tools-call-sampling`). Results go to test-results/conformance; the exit code is the
// suite's.
import { execFileSync, spawn } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { type AuthProxy, startAuthProxy } from "./conformance/auth-proxy.ts";
import { type PorticoProcess, startPortico } from "./conformance/portico-process.ts";
import { createProjectApiKey } from "./conformance/setup-project.ts";

const root = path.resolve(import.meta.dirname, "..");
const nodeBinary = path.join(root, "node_modules/.bin/node");
const suiteEntry = path.join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const resultsDir = path.join(root, "test-results/conformance");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

function runSuite(mcpUrl: string, extraArgs: string[]): Promise<number> {
  const log = createWriteStream(path.join(resultsDir, "output.log"));
  const child = spawn(nodeBinary, [suiteEntry, "server", "--url", mcpUrl, "-o", resultsDir, ...extraArgs], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk) => {
      process.stdout.write(chunk);
      log.write(chunk);
    });
  }
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      log.end();
      resolve(code ?? 1);
    }),
  );
}

interface Check {
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  name: string;
  errorMessage?: string;
}

/** Reads each scenario's checks.json into one summary (printed and written to summary.json). */
function summarize(exitCode: number): void {
  const scenarios = readdirSync(resultsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(resultsDir, entry.name, "checks.json")))
    .map((entry) => {
      const checks = JSON.parse(
        readFileSync(path.join(resultsDir, entry.name, "checks.json"), "utf8"),
      ) as Check[];
      const count = (status: Check["status"]) => checks.filter((check) => check.status === status).length;
      const name = entry.name.replace(/^server-/, "").replace(/-\d{4}-\d{2}-\d{2}T.*$/, "");
      const warnings = checks.filter((check) => check.status === "WARNING");
      return {
        name,
        passed: count("SUCCESS"),
        failed: count("FAILURE"),
        warnings: warnings.length,
        warningText: warnings.map((check) => `${check.name}: ${check.errorMessage ?? ""}`),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const failedScenarios = scenarios.filter((scenario) => scenario.failed > 0);
  const summary = {
    exitCode,
    scenarios: scenarios.length,
    scenariosPassed: scenarios.length - failedScenarios.length,
    checksPassed: scenarios.reduce((sum, scenario) => sum + scenario.passed, 0),
    checksFailed: scenarios.reduce((sum, scenario) => sum + scenario.failed, 0),
    warnings: scenarios.reduce((sum, scenario) => sum + scenario.warnings, 0),
    // The counters of a Vitest JSON report, one "test" per scenario, so .ci/run totals it with the rest.
    numPassedTests: scenarios.length - failedScenarios.length,
    numFailedTests: failedScenarios.length,
    numPendingTests: 0,
    numTodoTests: 0,
    details: scenarios,
  };
  writeFileSync(path.join(resultsDir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  console.log("\n==================== Portico conformance summary ====================");
  for (const scenario of scenarios) {
    const mark = scenario.failed > 0 ? "FAIL" : "ok  ";
    console.log(
      `${mark} ${scenario.name}: ${scenario.passed} passed, ${scenario.failed} failed, ${scenario.warnings} warnings`,
    );
    for (const warning of scenario.warningText) console.log(`       warning ${warning}`);
  }
  console.log(
    `Scenarios: ${summary.scenariosPassed}/${summary.scenarios} passed; checks: ${summary.checksPassed} passed, ` +
      `${summary.checksFailed} failed, ${summary.warnings} warnings; suite exit code ${exitCode}`,
  );
}

let portico: PorticoProcess | undefined;
let proxy: AuthProxy | undefined;
async function stopAll(): Promise<void> {
  await proxy?.close();
  await portico?.stop();
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));
}

let exitCode = 1;
try {
  execFileSync(nodeBinary, [path.join(root, "scripts/build-if-needed.ts")], { cwd: root, stdio: "inherit" });
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  const porticoPort = await freePort();
  let proxyPort = await freePort();
  while (proxyPort === porticoPort) proxyPort = await freePort();
  proxy = await startAuthProxy(proxyPort, porticoPort);
  portico = await startPortico(porticoPort, proxy.url);
  console.log(`Portico on port ${porticoPort}, reached through the auth proxy at ${proxy.url}`);
  proxy.setToken(await createProjectApiKey(proxy.url));
  exitCode = await runSuite(`${proxy.url}/mcp`, process.argv.slice(2));
  summarize(exitCode);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopAll();
  if (portico) writeFileSync(path.join(resultsDir, "portico.log"), portico.output());
}
process.exit(exitCode);
