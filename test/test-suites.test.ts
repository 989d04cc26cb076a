// Every test file is in exactly one suite: a file outside all of them would never run, and one in two
// would run twice. The suites are vitest.config.ts's projects, and vitest.e2e.config.ts for browsers.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import config from "../vitest.config.ts";
import browserConfig from "../vitest.e2e.config.ts";

const root = path.resolve(import.meta.dirname, "..");

function testFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(relative);
    return /\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

it("puts every test file in exactly one suite", () => {
  const projects = (config.test?.projects ?? []) as { test: { name: string; include: string[] } }[];
  const suites = [
    ...projects.map((project) => ({ name: project.test.name, include: project.test.include })),
    { name: "browser", include: browserConfig.test?.include ?? [] },
  ];
  const misplaced = [...testFiles("src"), ...testFiles("test")].flatMap((file) => {
    const names = suites.filter((suite) => suite.include.some((glob) => path.matchesGlob(file, glob)));
    return names.length === 1
      ? []
      : [`${file}: ${names.map((suite) => suite.name).join(", ") || "no suite"}`];
  });
  expect(misplaced).toEqual([]);
});

// The unit suite is the one-change loop (seconds, README): a file that opens a database belongs in the
// integration suite, which brings the migrated template database such files copy.
it("keeps database tests out of the unit suite", () => {
  const projects = (config.test?.projects ?? []) as { test: { name: string; include: string[] } }[];
  const unit = projects.find((project) => project.test.name === "unit");
  const opensDatabase =
    /@electric-sql\/pglite|\bopenDatabase\b|\bcreateTestDatabase\b|\bcreateTestApp\b|PgliteThread/;
  const databaseFiles = [...testFiles("src"), ...testFiles("test")].filter(
    (file) =>
      file !== "test/test-suites.test.ts" && // this file names them
      unit?.test.include.some((glob) => path.matchesGlob(file, glob)) &&
      opensDatabase.test(readFileSync(path.join(root, file), "utf8")),
  );
  expect(unit).toBeDefined();
  expect(databaseFiles).toEqual([]);
});
