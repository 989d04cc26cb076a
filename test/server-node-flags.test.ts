// The server's Node.js and V8 flags live in one list (scripts/server-node-flags.ts): `npm start` reads
// it by running that file, the tests and the benchmark import it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../scripts/server-node-flags.ts";

const root = path.resolve(import.meta.dirname, "..");

describe("the server's Node.js flags", () => {
  it("npm start takes them from the one list", () => {
    const start = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts.start as string;
    expect(start.split("&&").at(-1)?.trim()).toBe(
      "node $(node scripts/server-node-flags.ts) scripts/serve.ts",
    );
    const printed = execFileSync(process.execPath, ["scripts/server-node-flags.ts"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(printed.trim().split(" ")).toEqual(SERVER_NODE_FLAGS);
  });

  it("are all accepted by this Node.js", () => {
    const output = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, "-e", "console.log('ok')"], {
      encoding: "utf8",
    });
    expect(output.trim()).toBe("ok");
  });
});
