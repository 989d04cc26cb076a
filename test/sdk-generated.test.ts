// The committed SDK (packages/sdk) is what the generator makes from today's routes: a route added or
// changed without `npm run sdk:generate` fails here.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { generateSdk } from "../scripts/generate-sdk.ts";

const committed = path.resolve(import.meta.dirname, "../packages/sdk");
const fresh = mkdtempSync(path.join(tmpdir(), "portico-sdk-"));
afterAll(() => rmSync(fresh, { recursive: true, force: true }));

function filesUnder(root: string, dir = ""): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    return statSync(path.join(root, relative)).isDirectory() ? filesUnder(root, relative) : [relative];
  });
}

it("matches a fresh generation from the management API's routes", { timeout: 60_000 }, async () => {
  await generateSdk(fresh);
  const generated = ["openapi.json", ...filesUnder(fresh, "src/generated")].sort();
  expect(
    filesUnder(committed, "src/generated")
      .map((file) => file)
      .concat("openapi.json")
      .sort(),
  ).toEqual(generated);
  for (const file of generated) {
    expect(readFileSync(path.join(committed, file), "utf8"), file).toBe(
      readFileSync(path.join(fresh, file), "utf8"),
    );
  }
});
