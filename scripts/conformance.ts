// `npm run test:conformance`: runs the official MCP conformance suite (@modelcontextprotocol/conformance)
// against Portico. Builds if needed and starts the production build with the test-only conformance
// fixture injected (test/conformance/fixture/preload.ts), creates a user, organization, project and two
// API keys through the HTTP API, and points the suite at a loopback proxy that adds a key as a bearer
// token (the suite has no option for an Authorization header). Three requirement sets run:
// - the server scenarios MCP 2025-11-25 requires, then those 2026-07-28 requires (the suite's frozen
//   requirement files), each scenario at that revision's wire version, against the project's own /mcp,
//   or against the fixture for scenarios that call the suite's fixture tools, resources or prompts
//   (scenarios.ts);
// - the authorization-server scenarios against Portico's authorization server (authorization-run.ts).
// Pass counts are printed per set; any failed scenario fails the run. Arguments go to every server run
// of the suite (e.g. `-- --verbose`). Results go to test-results/conformance.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync, type WriteStream, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { FIXTURE_KEY_NAME } from "../test/conformance/fixture/conformance-fixture.ts";
import { type AuthProxy, startAuthProxy } from "./conformance/auth-proxy.ts";
import { playThePerson, registerSuiteClient } from "./conformance/authorization-run.ts";
import { type PorticoProcess, startPortico } from "./conformance/portico-process.ts";
import { needsFixture, REVISIONS, requiredServerScenarios } from "./conformance/scenarios.ts";
import { createConformanceProject } from "./conformance/setup-project.ts";
import { printSummary, type SetResult, summarizeSet } from "./conformance/summary.ts";

const root = path.resolve(import.meta.dirname, "..");
const nodeBinary = path.join(root, "node_modules/.bin/node");
const suiteRoot = path.join(root, "node_modules/@modelcontextprotocol/conformance");
const suiteEntry = path.join(suiteRoot, "dist/index.js");
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

function runSuite(args: string[], log: WriteStream, watch?: (child: ChildProcess) => void): Promise<number> {
  const child = spawn(nodeBinary, [suiteEntry, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  watch?.(child);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk) => {
      process.stdout.write(chunk);
      log.write(chunk);
    });
  }
  return new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
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
  const log = createWriteStream(path.join(resultsDir, "output.log"));
  const porticoPort = await freePort();
  let proxyPort = await freePort();
  while (proxyPort === porticoPort) proxyPort = await freePort();
  proxy = await startAuthProxy(proxyPort, porticoPort);
  portico = await startPortico(porticoPort, proxy.url);
  console.log(`Portico on port ${porticoPort}, reached through the auth proxy at ${proxy.url}`);
  const project = await createConformanceProject(proxy.url, FIXTURE_KEY_NAME);

  const sets: SetResult[] = [];
  for (const revision of REVISIONS) {
    const dir = path.join(resultsDir, `server-${revision}`);
    for (const scenario of requiredServerScenarios(suiteRoot, revision)) {
      proxy.setToken(needsFixture(scenario) ? project.fixtureKey : project.projectKey);
      const args = [
        "server",
        "--url",
        `${proxy.url}/mcp`,
        "--scenario",
        scenario,
        "--spec-version",
        revision,
      ];
      await runSuite([...args, "-o", dir, ...process.argv.slice(2)], log);
    }
    sets.push(summarizeSet(`MCP ${revision} server`, dir));
  }

  // The authorization server's endpoints get no API key: the suite plays a client without a token.
  proxy.setToken(null);
  const callbackPort = await freePort();
  const clientId = await registerSuiteClient(proxy.url, callbackPort);
  const asDir = path.join(resultsDir, "authorization-server");
  const issuer = `${proxy.url}/api/auth`;
  const session = { baseUrl: proxy.url, cookie: project.cookie, projectId: project.projectId };
  await runSuite(
    ["authorization", "--url", issuer, "--client-id", clientId, "--resource", `${proxy.url}/mcp`].concat([
      "-p",
      String(callbackPort),
      "-o",
      asDir,
    ]),
    log,
    (child) => playThePerson(child, `${issuer}/oauth2/authorize`, session),
  );
  sets.push(summarizeSet("Authorization server", asDir));
  log.end();

  const summary = printSummary(sets);
  writeFileSync(path.join(resultsDir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  exitCode = summary.numFailedTests > 0 ? 1 : 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopAll();
  if (portico) writeFileSync(path.join(resultsDir, "portico.log"), portico.output());
}
process.exit(exitCode);
