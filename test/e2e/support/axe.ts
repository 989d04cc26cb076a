// axe-core in a Playwright page: its file from node_modules evaluated in the page (through the DevTools
// protocol, so no Content-Security-Policy can refuse it), run with the WCAG 2.0/2.1 A and AA rules.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.1 AA, which business and public-sector customers require. */
export const WCAG_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** The impacts that fail a test; moderate and minor ones are listed with A11Y_ALL=1. */
export const FAILING_IMPACTS = ["serious", "critical"];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** Where: the page and the state it was in (theme, width, dialog open…). */
  where: string;
  targets: string[];
}

interface AxeResult {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[] }[];
  }[];
}

/** The rules whose outcome depends on colours: all that can change when only the theme does. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The page's violations of WCAG 2.1 AA (A11Y_ALL=1 adds axe's best practices), or only of the given
 * `rules` or `tags`, with `where` saying which page and state they were found in.
 */
export async function axeFindings(
  page: Page,
  where: string,
  only: { rules?: string[]; tags?: string[] } = {},
): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const runOnly = only.rules
    ? { type: "rule", values: only.rules }
    : { type: "tag", values: only.tags ?? defaultTags() };
  const result = await page.evaluate(
    (only) =>
      (
        window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<AxeResult> };
        }
      ).axe.run(document, { runOnly: only, resultTypes: ["violations"] }),
    runOnly,
  );
  return result.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? "unknown",
    help: violation.help,
    where,
    targets: violation.nodes.map((node) => node.target.map(String).join(" ")),
  }));
}

function defaultTags(): string[] {
  return process.env.A11Y_ALL ? [...WCAG_AA_TAGS, "best-practice"] : WCAG_AA_TAGS;
}

export const failing = (findings: AxeFinding[]) => findings.filter((f) => FAILING_IMPACTS.includes(f.impact));

/** One line per finding: rule, impact, where, help and the first targets, for a failure message. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (f) =>
        `${f.rule} (${f.impact}) on ${f.where}: ${f.help}\n    ${f.targets.slice(0, 5).join("\n    ")}${
          f.targets.length > 5 ? `\n    … and ${f.targets.length - 5} more` : ""
        }`,
    )
    .join("\n");
}

/** Counts by rule and impact (for A11Y_ALL=1 runs, which print what a page set has left). */
export function countByRule(findings: AxeFinding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of findings) {
    const key = `${f.rule} (${f.impact})`;
    counts[key] = (counts[key] ?? 0) + f.targets.length;
  }
  return counts;
}
