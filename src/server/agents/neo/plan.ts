// Reading the planner's answer: a numbered list, one step a line. Lines without numbers are taken as
// steps when there are no numbered ones, so a model that ignores the format still yields a plan.
const NUMBERED = /^\s*(?:\d+[.)]|[-*•])\s+(.+)$/;

export function parsePlan(text: string): string[] {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const numbered = lines
    .map((line) => NUMBERED.exec(line)?.[1]?.trim())
    .filter((step): step is string => !!step);
  return (numbered.length > 0 ? numbered : lines).slice(0, 100);
}
