import { z } from "zod";
import { ARITHMETIC_FUNCTIONS, evaluateArithmetic } from "./arithmetic.ts";
import { defineStandardTool } from "./define-tool.ts";

export const calculate = defineStandardTool({
  name: "calculate",
  title: "Calculator",
  description:
    "Evaluates an arithmetic expression exactly as written, for totals, percentages, growth rates and " +
    "unit conversions, instead of doing arithmetic in your head. Supports + - * / % ^ (power), " +
    `parentheses, pi, e and the functions ${ARITHMETIC_FUNCTIONS.join(", ")} ` +
    '(round(x, digits)). Example: "round(1250 * 1.21 / 12, 2)".',
  input: z.object({ expression: z.string().trim().min(1).max(1000) }),
  output: z.object({ expression: z.string(), result: z.number() }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run({ expression }) {
    return { expression, result: evaluateArithmetic(expression) };
  },
});
