// Comments and docs that point somewhere must point at something that exists: a file path (resolved as
// the tail of some file in the repository, since docs write paths from different roots — `gateway/
// admission.ts`, `src/server/…`), and a heading cited in quotes right after a Markdown file's name,
// which must be a heading or a bold lead-in there.
// A file that moved or a section that was renamed then fails here with where it was cited.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", ".git", ".data", "test-results", "coverage"]);

function repositoryFiles(folder = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(root, folder))) {
    if (SKIPPED_FOLDERS.has(name)) continue;
    const relative = folder ? `${folder}/${name}` : name;
    if (statSync(path.join(root, relative)).isDirectory()) out.push(...repositoryFiles(relative));
    else out.push(relative);
  }
  return out;
}

/**
 * Names cited that are not this repository's files, each for a reason: what a run writes, a client's
 * own configuration file, a library's file.
 */
const NOT_OURS = new Set([
  "summary.json", // the conformance run's output (test-results/)
  "checks.json", // the conformance suite's own output
  ".vscode/mcp.json", // VS Code's file in the user's project
  "verify-two-factor.mjs", // Better Auth's source
  "internal-adapter.mjs", // Better Auth's source
]);

const files = repositoryFiles();
const tails = new Set(
  files.flatMap((file) => file.split("/").map((_, i, parts) => parts.slice(i).join("/"))),
);
const scanned = files.filter(
  (file) =>
    /\.(ts|tsx|md|mjs)$/.test(file) &&
    !file.endsWith("routeTree.gen.ts") &&
    !file.startsWith("test/fixtures/") &&
    // Written by the SDK's generator (scripts/generate-sdk.ts), not by us.
    !file.startsWith("packages/sdk/src/generated/"),
);
// An integration's REFERENCES.md cites the files of the public sources it was built from (other
// repositories), not this one's.
const citesOwnFiles = (file: string) => !file.endsWith("/REFERENCES.md");

const PATH =
  /(?<![\w@./%>-])((?:\.\/)?[\w-][\w.-]*(?:\/[\w.$-]+)*\.(?:ts|tsx|md|json|sql|css|mjs))(?![\w/])/g;
const HEADING_CITED = /([\w./-]+\.md)\s*[,(]?\s*["“]([^"”]{3,80})["”]/g;

/** The comment text of a source line (the whole line in Markdown). */
function citingText(file: string, line: string): string {
  if (file.endsWith(".md")) return line;
  return /(\/\/.*$|^\s*\/?\*.*$)/.exec(line)?.[0] ?? "";
}

interface Citation {
  where: string;
  cited: string;
}

function citations(
  pattern: RegExp,
  pick: (match: RegExpMatchArray, file: string) => string | null,
): Citation[] {
  const found: Citation[] = [];
  for (const file of scanned) {
    readFileSync(path.join(root, file), "utf8")
      .split("\n")
      .forEach((line, index) => {
        for (const match of citingText(file, line).matchAll(pattern)) {
          const cited = pick(match, file);
          if (cited) found.push({ where: `${file}:${index + 1}`, cited });
        }
      });
  }
  return found;
}

/** Headings and bold lead-ins of a Markdown file, lower-cased. */
function sectionsOf(markdownFile: string): string[] {
  const text = readFileSync(path.join(root, markdownFile), "utf8");
  const headings = [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => match[1] as string);
  const leadIns = [...text.matchAll(/\*\*([^*]+)\*\*/g)].map((match) => match[1] as string);
  return [...headings, ...leadIns].map((section) => section.toLowerCase());
}

describe("references in comments and docs", () => {
  it("name files that exist", () => {
    const unresolved = citations(PATH, (match, file) => {
      if (!citesOwnFiles(file)) return null;
      const cited = (match[1] as string).replace(/^\.\//, "");
      // Globs and URL-encoded fragments are not paths; a leading dot-segment is relative to the file.
      if (cited.startsWith(".test.") || cited.startsWith("../") || NOT_OURS.has(cited)) return null;
      return tails.has(cited) ? null : cited;
    });
    expect(unresolved.map(({ where, cited }) => `${where}: ${cited}`)).toEqual([]);
  });

  it("cite headings that the Markdown file has", () => {
    const markdown = files.filter((file) => file.endsWith(".md"));
    const unresolved = citations(HEADING_CITED, (match) => {
      const [, cited, heading] = match as unknown as [string, string, string];
      const target = markdown.find((file) => file === cited || file.endsWith(`/${cited}`));
      if (!target) return `${cited} (no such file)`;
      const wanted = heading.toLowerCase();
      return sectionsOf(target).some((section) => section.includes(wanted)) ? null : `${cited} "${heading}"`;
    });
    expect(unresolved.map(({ where, cited }) => `${where}: ${cited}`)).toEqual([]);
  });

  it("cite the specification as ARCHITECTURE.md says: requirements §N (docs/requirements.md)", () => {
    const spec = ["SPEC", "§"].join(" ");
    const found = citations(new RegExp(spec, "g"), () => spec);
    expect(found.map(({ where }) => where)).toEqual([]);
  });

  // Issue 44: ARCHITECTURE.md is a map and a record of decisions; details go to docs/architecture/.
  it("keep ARCHITECTURE.md a map under 300 lines", () => {
    const lines = readFileSync(path.join(root, "ARCHITECTURE.md"), "utf8").trimEnd().split("\n").length;
    expect(lines).toBeLessThan(300);
  });
});
