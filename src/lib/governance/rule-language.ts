// Conditions of tool policies are CEL (the Common Expression Language, github.com/google/cel-spec):
// a small, non-Turing-complete language made for policy checks, evaluated by @marcbachmann/cel-js.
// Browser-safe, so the policies page validates a rule as it is typed with the same checker the server
// compiles it with.
//
// A rule sees three values:
//   args    the call's arguments, as the client sent them (a map)
//   caller  { person, kind, name }: the person the call acts as ("" for a project key), "api_key" or
//           "oauth", the key's or OAuth client's name
//   tool    { name, server }: the tool's name in the project and its server's name
// A condition must be a boolean. One that fails while it is evaluated (an argument the call lacks) does
// not hold; write `has(args.amount) && args.amount > 10000` to say so explicitly.
import { Environment } from "@marcbachmann/cel-js";

export const MAX_RULE_LENGTH = 1000;

const environment = new Environment({
  enableOptionalTypes: true,
  limits: { maxAstNodes: 500, maxDepth: 32, maxListElements: 200, maxMapEntries: 200, maxCallArguments: 8 },
})
  .registerVariable("args", "map")
  .registerVariable("caller", "map")
  .registerVariable("tool", "map");

export interface RuleContext {
  args: Record<string, unknown>;
  caller: { person: string; kind: string; name: string };
  tool: { name: string; server: string };
}

export type CompiledCondition = (context: RuleContext) => boolean;

export type RuleCheck = { ok: true; condition: CompiledCondition } | { ok: false; error: string };

/** The library's messages carry a caret drawing over several lines; the first line says what is wrong. */
const firstLine = (message: string) => message.split("\n")[0]?.trim() || "This rule is not valid CEL";

/** Parses and type-checks a condition: its evaluator, or the reason it is refused, in plain words. */
export function compileCondition(source: string): RuleCheck {
  const text = source.trim();
  if (!text) return { ok: false, error: "Write a condition, for example args.amount > 10000" };
  if (text.length > MAX_RULE_LENGTH) {
    return { ok: false, error: `A condition has at most ${MAX_RULE_LENGTH} characters` };
  }
  let parsed: ReturnType<Environment["parse"]>;
  try {
    parsed = environment.parse(text);
  } catch (error) {
    return { ok: false, error: firstLine((error as Error).message) };
  }
  const check = parsed.check();
  if (!check.valid) return { ok: false, error: firstLine(check.error?.message ?? "") };
  if (check.type !== "bool" && check.type !== "dyn") {
    return { ok: false, error: `A condition must be true or false; this one is a ${check.type}` };
  }
  const condition: CompiledCondition = (context) => {
    try {
      return parsed(context as never) === true;
    } catch {
      return false;
    }
  };
  return { ok: true, condition };
}
