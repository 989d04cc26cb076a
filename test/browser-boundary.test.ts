// The server/browser boundary: code that ships to browsers (routes, components, lib, the integrations'
// catalogue entries) imports from src/server/ only types and server functions. A server function's
// module (createServerFn) is replaced by fetch stubs in the browser bundle, so importing it is how a
// page calls the server; any other server module would drag server code (and secrets' handling) into
// the page, or fail there. Isomorphic code (permission tables, sort options, validation) lives in lib/.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const src = path.join(root, "src");
const serverDir = path.join(src, "server");

// Files whose server imports are used only inside createIsomorphicFn().server(), which the build
// removes from the browser bundle: the in-process tRPC link during SSR, and server-side error reports.
const ISOMORPHIC_BRIDGES = new Set(["src/lib/trpc.ts", "src/components/errors/report.ts"]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const browserFiles = [
  ...filesUnder(path.join(src, "routes")),
  ...filesUnder(path.join(src, "components")),
  ...filesUnder(path.join(src, "lib")),
  ...filesUnder(path.join(src, "integrations")).filter(
    (file) => file.endsWith("/entry.ts") || file.endsWith("/catalogue.ts"),
  ),
  path.join(src, "router.tsx"),
].filter((file) => !file.endsWith("routeTree.gen.ts"));

// Static imports and re-exports, with whether the whole statement is type-only.
const IMPORT = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+"([^"]+)"/gms;

function resolve(from: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return path.join(src, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(from), specifier);
  return null;
}

function onlyTypes(clause: string): boolean {
  const braces = clause.match(/^\{([^}]*)\}$/s);
  if (!braces?.[1]) return false;
  const names = braces[1]
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names.every((name) => name.startsWith("type "));
}

function violations(file: string, text = readFileSync(file, "utf8")): string[] {
  const relative = path.relative(root, file);
  if (ISOMORPHIC_BRIDGES.has(relative)) return [];
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const [, , typeKeyword, clause = "", specifier = ""] = match;
    const target = resolve(file, specifier);
    if (!target?.startsWith(serverDir + path.sep)) continue;
    if (typeKeyword || onlyTypes(clause.trim())) continue;
    if (readFileSync(target, "utf8").includes("createServerFn(")) continue;
    found.push(`${relative} imports ${specifier}`);
  }
  return found;
}

describe("the server/browser boundary", () => {
  it("browser code imports only types and server functions from src/server/", () => {
    expect(browserFiles.length).toBeGreaterThan(100);
    expect(browserFiles.flatMap((file) => violations(file))).toEqual([]);
  });

  it("tells a value import of a server module from types and server functions", () => {
    const probe = path.join(src, "components", "probe.tsx");
    const check = (text: string) => violations(probe, text);
    expect(check('import { requireOrganizationAction } from "~/server/organizations/access.ts";')).toEqual([
      "src/components/probe.tsx imports ~/server/organizations/access.ts",
    ]);
    expect(check('import {\n  findProjectAccess,\n} from "../server/projects/access.ts";')).toHaveLength(1);
    expect(check('import type { SessionUser } from "~/server/session/session-user.ts";')).toEqual([]);
    expect(check('import { type SessionUser } from "~/server/session/session-user.ts";')).toEqual([]);
    expect(check('import { getSession } from "~/server/session/get-session.ts";')).toEqual([]);
    expect(check('import { organizationRoleAllows } from "~/lib/permissions.ts";')).toEqual([]);
  });
});
