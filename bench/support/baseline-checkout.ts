// BENCH_BASELINE=<revision>: another revision of this repository, built beside this checkout so both
// run in one benchmark. The revision's files come from `git archive` into a folder of the system's temp
// directory named by its commit (kept, so a second run reuses the build); it shares this checkout's
// node_modules when both lock the same packages, and installs its own otherwise.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const thisCheckout = path.resolve(import.meta.dirname, "../..");

const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: thisCheckout, encoding: "utf8", maxBuffer: 1 << 30 }).trim();

export interface BaselineCheckout {
  root: string;
  commit: string;
}

/** The built checkout of `revision` (a commit, tag or branch name). */
export function prepareBaseline(revision: string): BaselineCheckout {
  const commit = git("rev-parse", "--verify", `${revision}^{commit}`);
  const root = path.join(tmpdir(), `portico-baseline-${commit.slice(0, 12)}`);
  const ready = path.join(root, ".baseline-ready");
  if (!existsSync(ready)) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    console.log(`Baseline ${revision} (${commit.slice(0, 12)}): extracting into ${root}`);
    execFileSync("sh", ["-c", `git archive --format=tar ${commit} | tar -x -C "${root}"`], {
      cwd: thisCheckout,
      stdio: "inherit",
    });
    const sameLock =
      readFileSync(path.join(root, "package-lock.json"), "utf8") ===
      readFileSync(path.join(thisCheckout, "package-lock.json"), "utf8");
    if (sameLock) symlinkSync(path.join(thisCheckout, "node_modules"), path.join(root, "node_modules"));
    else execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
    execFileSync("sh", ["-c", "touch .baseline-ready"], { cwd: root });
  }
  // Built whenever its inputs' hash changed (never, for a commit), as its own `npm start` would.
  execFileSync(path.join(root, "node_modules/.bin/node"), ["scripts/build-if-needed.ts"], {
    cwd: root,
    stdio: "inherit",
  });
  return { root, commit };
}
