// Runs the production build (scripts/serve.ts) as `npm start` does, for the conformance run: a
// throwaway PGlite folder, APP_ENV=test, the conformance fixture injected, and BASE_URL set to the public
// address clients use (the auth proxy), so Host/Origin checks compare against that address.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const READY_LINE = "Portico is running at";
const FIXTURE_PRELOAD = path.join(root, "test/conformance/fixture/preload.ts");
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
// The caller's own settings must not reach this server (a developer's DATABASE_URL, a test runner's
// NODE_ENV, which turns Better Auth's origin checks off).
const LEAKY = /^(DATABASE_URL|PORT|BASE_URL|AUTH_URL|API_URL|DATA_DIR|NODE_ENV|TEST|VITEST.*)$/;

export interface PorticoProcess {
  output(): string;
  stop(): Promise<void>;
}

export async function startPortico(port: number, baseUrl: string): Promise<PorticoProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portico-conformance-"));
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !LEAKY.test(name)));
  const child: ChildProcess = spawn(path.join(root, "node_modules/.bin/node"), ["scripts/serve.ts"], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      APP_ENV: "test",
      // The test-only fixture, injected into the built server (never part of it).
      NODE_OPTIONS: [env.NODE_OPTIONS, `--import=${FIXTURE_PRELOAD}`].filter(Boolean).join(" "),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk) => {
    text += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    text += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`not ready after ${READY_TIMEOUT_MS} ms`)),
        READY_TIMEOUT_MS,
      );
      child.stdout?.on("data", () => {
        if (text.includes(READY_LINE)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`exited before it was ready (code ${code})`));
      });
    });
  } catch (error) {
    await stop();
    throw new Error(`Portico did not start: ${(error as Error).message}\n${text}`);
  }
  return { output: () => text, stop };
}
