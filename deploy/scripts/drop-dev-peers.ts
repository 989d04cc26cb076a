// The image's last pruning step (deploy/Dockerfile), after `npm prune --omit=dev --omit=optional`: npm
// keeps a root devDependency that a runtime package names as a peer (typescript, a peer of @trpc/server
// for its types only), and a few packages that only a pruned one required (lightningcss, vite's), so the
// runtime image would still carry them. A package is removed when no installed package requires it as a
// dependency (a peer does not count) and it is no runtime dependency of the root; repeated until nothing
// more goes. One that something at run time requires (@opentelemetry/api, a dependency of the OTLP
// exporter, though also a root devDependency) stays. Prints what it removed.
import { existsSync, readFileSync, rmSync } from "node:fs";

interface Manifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const root = JSON.parse(readFileSync("package.json", "utf8")) as Manifest;
// npm's record of the installed tree; only entries still on disk count (the prune removed the rest).
const installed = JSON.parse(readFileSync("node_modules/.package-lock.json", "utf8")) as {
  packages: Record<string, Manifest>;
};
const TOP_LEVEL = /^node_modules\/((?:@[^/]+\/)?[^/]+)$/;

for (let removed = true; removed; ) {
  removed = false;
  const present = Object.entries(installed.packages).filter(([path]) => existsSync(path));
  const required = new Set(Object.keys({ ...root.dependencies, ...root.optionalDependencies }));
  for (const [, manifest] of present)
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }))
      required.add(name);
  for (const [path] of present) {
    const name = TOP_LEVEL.exec(path)?.[1];
    if (!name || required.has(name)) continue;
    rmSync(path, { recursive: true, force: true });
    console.log(`drop-dev-peers: removed ${name}`);
    removed = true;
  }
}
