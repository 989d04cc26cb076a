// `npm start` and `npm test` build only when the sources changed since the last build: a stamp in
// dist/ records a hash of everything that goes into the bundle.

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const inputs = ["src", "drizzle", "public", "vite.config.ts", "package-lock.json", "tsconfig.json"];
const stampFile = path.join(root, "dist", ".build-stamp");

function* files(entry: string): Generator<string> {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(full).sort()) {
    // Generated, and tests: neither goes into the bundle, so editing a test does not rebuild.
    if (name === "routeTree.gen.ts" || /\.test\.tsx?$/.test(name)) continue;
    yield* files(path.join(entry, name));
  }
}

const hash = createHash("sha256");
for (const input of inputs) {
  for (const file of files(input)) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  }
}
const digest = hash.digest("hex");
const upToDate =
  existsSync(stampFile) &&
  existsSync(path.join(root, "dist/server/server.js")) &&
  readFileSync(stampFile, "utf8") === digest;

if (!upToDate) {
  console.log("Building Portico…");
  execFileSync(path.join(root, "node_modules/.bin/vite"), ["build"], { cwd: root, stdio: "inherit" });
  writeFileSync(stampFile, digest);
}
