import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readOrCreateOnce } from "./generated-file.ts";

const folders: string[] = [];
const scratchFile = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "portico-once-"));
  folders.push(folder);
  return path.join(folder, "nested", "secret");
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("readOrCreateOnce", () => {
  it("creates the file once and reads it afterwards", () => {
    const file = scratchFile();
    expect(readOrCreateOnce(file, () => "first")).toEqual({ content: "first", created: true });
    expect(readOrCreateOnce(file, () => "second")).toEqual({ content: "first", created: false });
    expect(readFileSync(file, "utf8")).toBe("first");
  });

  it("keeps the content of a process that created the file first, and leaves no temporary file", () => {
    const file = scratchFile();
    const result = readOrCreateOnce(file, () => {
      // Another server process wins the race while this one is generating its candidate.
      writeFileSync(file, "winner");
      return "loser";
    });
    expect(result).toEqual({ content: "winner", created: false });
    expect(readFileSync(file, "utf8")).toBe("winner");
    expect(readdirSync(path.dirname(file))).toEqual(["secret"]);
  });
});
