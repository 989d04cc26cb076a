import { describe, expect, it } from "vitest";
import { answerToolsList } from "./direct-answers.ts";
import type { ProjectTools } from "./project-tools.ts";

const tools: ProjectTools = { byName: new Map(), listed: [], listedJson: '[{"name":"x"}]' };
const request = (headers: Record<string, string> = {}) =>
  new Request("http://localhost/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
  });

describe("answerToolsList", () => {
  it("answers a plain tools/list from the cached JSON", async () => {
    const response = answerToolsList(request(), { jsonrpc: "2.0", id: 7, method: "tools/list" }, tools);
    expect(await response?.text()).toBe('{"result":{"tools":[{"name":"x"}]},"jsonrpc":"2.0","id":7}');
  });

  it.each([
    ["a cursor", { jsonrpc: "2.0", id: 1, method: "tools/list", params: { cursor: "c" } }, {}],
    ["another method", { jsonrpc: "2.0", id: 1, method: "tools/call", params: {} }, {}],
    ["a notification", { jsonrpc: "2.0", method: "tools/list" }, {}],
    ["a batch", [{ jsonrpc: "2.0", id: 1, method: "tools/list" }], {}],
    ["a fractional id", { jsonrpc: "2.0", id: 1.5, method: "tools/list" }, {}],
    [
      "an unsupported version",
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      { "mcp-protocol-version": "1999-01-01" },
    ],
    ["a JSON-only Accept", { jsonrpc: "2.0", id: 1, method: "tools/list" }, { accept: "application/json" }],
  ])("leaves %s to the SDK", (_label, message, headers) => {
    expect(answerToolsList(request(headers), message, tools)).toBeNull();
  });
});
