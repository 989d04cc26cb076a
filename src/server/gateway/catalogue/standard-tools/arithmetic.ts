// A small arithmetic evaluator (no eval): numbers, + - * / % ^, parentheses, unary minus, constants
// and a few functions. Recursive descent, precedence from low to high: additive, multiplicative,
// unary, power (right-associative), call/primary.
import { ToolInputError } from "./define-tool.ts";

const functions: Record<string, (...args: number[]) => number> = {
  sqrt: Math.sqrt,
  abs: Math.abs,
  round: (value, digits = 0) => {
    const factor = 10 ** digits;
    return Math.round(value * factor) / factor;
  },
  floor: Math.floor,
  ceil: Math.ceil,
  min: Math.min,
  max: Math.max,
  ln: Math.log,
  log10: Math.log10,
  log2: Math.log2,
  exp: Math.exp,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
};
const constants: Record<string, number> = { pi: Math.PI, e: Math.E };
export const ARITHMETIC_FUNCTIONS = Object.keys(functions);

type Token =
  | { kind: "number"; value: number }
  | { kind: "name"; value: string }
  | { kind: "symbol"; value: string };

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s*(?:(\d+(?:\.\d*)?(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)|([a-z_][a-z0-9_]*)|(\*\*|[-+*/%^(),]))/iy;
  let index = 0;
  while (index < expression.length) {
    if (/^\s*$/.test(expression.slice(index))) break;
    pattern.lastIndex = index;
    const match = pattern.exec(expression);
    if (!match) {
      const rest = expression.slice(index);
      const at = index + rest.length - rest.trimStart().length;
      throw new ToolInputError(`Unexpected character "${expression[at]}" at position ${at + 1}.`);
    }
    index = pattern.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: "number", value: Number(match[1]) });
    else if (match[2] !== undefined) tokens.push({ kind: "name", value: match[2].toLowerCase() });
    else tokens.push({ kind: "symbol", value: match[3] === "**" ? "^" : (match[3] as string) });
  }
  return tokens;
}

export function evaluateArithmetic(expression: string): number {
  const tokens = tokenize(expression);
  let position = 0;
  const peek = () => tokens[position];
  const isSymbol = (value: string) => {
    const token = peek();
    return token?.kind === "symbol" && token.value === value;
  };
  const expect = (value: string) => {
    if (!isSymbol(value)) throw new ToolInputError(`Expected "${value}" in the expression.`);
    position++;
  };

  const additive = (): number => {
    let value = multiplicative();
    while (isSymbol("+") || isSymbol("-")) {
      const operator = (tokens[position++] as Token).value;
      const right = multiplicative();
      value = operator === "+" ? value + right : value - right;
    }
    return value;
  };
  const multiplicative = (): number => {
    let value = unary();
    while (isSymbol("*") || isSymbol("/") || isSymbol("%")) {
      const operator = (tokens[position++] as Token).value;
      const right = unary();
      if ((operator === "/" || operator === "%") && right === 0)
        throw new ToolInputError("Division by zero.");
      value = operator === "*" ? value * right : operator === "/" ? value / right : value % right;
    }
    return value;
  };
  const unary = (): number => {
    if (isSymbol("-")) {
      position++;
      return -unary();
    }
    if (isSymbol("+")) {
      position++;
      return unary();
    }
    return power();
  };
  const power = (): number => {
    const base = primary();
    if (isSymbol("^")) {
      position++;
      return base ** unary();
    }
    return base;
  };
  const primary = (): number => {
    const token = peek();
    if (!token) throw new ToolInputError("The expression ends too early.");
    position++;
    if (token.kind === "number") return token.value;
    if (token.kind === "symbol" && token.value === "(") {
      const value = additive();
      expect(")");
      return value;
    }
    if (token.kind === "name") {
      // Own names only: "constructor" or "toString" must not resolve through Object.prototype.
      const fn = Object.hasOwn(functions, token.value) ? functions[token.value] : undefined;
      if (fn) {
        expect("(");
        const args = [additive()];
        while (isSymbol(",")) {
          position++;
          args.push(additive());
        }
        expect(")");
        return fn(...args);
      }
      const constant = Object.hasOwn(constants, token.value) ? constants[token.value] : undefined;
      if (constant !== undefined) return constant;
      throw new ToolInputError(
        `Unknown name "${token.value}". Functions: ${ARITHMETIC_FUNCTIONS.join(", ")}; constants: pi, e.`,
      );
    }
    throw new ToolInputError(`Unexpected "${token.value}" in the expression.`);
  };

  if (tokens.length === 0) throw new ToolInputError("The expression is empty.");
  const result = additive();
  if (position < tokens.length) {
    throw new ToolInputError(`Unexpected "${String((tokens[position] as Token).value)}" in the expression.`);
  }
  if (!Number.isFinite(result)) throw new ToolInputError("The result is not a finite number.");
  return result;
}
