// `npm start` and `npm test` build only when the sources changed since the last build: a stamp in
// dist/ records a hash of everything that goes into the bundle. Vite logs at "warn": its ~400 lines
// listing every chunk of both bundles told someone starting Portico nothing, while warnings and errors
// still print (BUILD_LOG=info brings the full log back).

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
  const started = Date.now();
  console.log("Building Portico (the first build takes about a minute)…");
  const logLevel = process.env.BUILD_LOG ?? "warn";
  try {
    execFileSync(path.join(root, "node_modules/.bin/vite"), ["build", "--logLevel", logLevel], {
      cwd: root,
      stdio: "inherit",
    });
  } catch {
    // Vite has printed the error itself; a stack trace of execFileSync would only bury it.
    console.error("The build failed (see above); nothing was started.");
    process.exit(1);
  }
  writeFileSync(stampFile, digest);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}
