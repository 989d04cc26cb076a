// A real Sentry envelope, sent to a local stand-in for the ingest endpoint, carries the signed-in user.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { reportError } from "./report-error.ts";
import { flushErrorReports, initServerErrorReporting, serverSentry } from "./sentry.ts";

let server: Server;
const envelopes: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      envelopes.push(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("is off without a DSN, and does not load the SDK", async () => {
  expect(await initServerErrorReporting({ sentryDsn: undefined, environment: "test" })).toBe(false);
  expect(serverSentry()).toBeNull();
});

it("reports an error with the user's id, email and name", async () => {
  const { port } = server.address() as AddressInfo;
  expect(
    await initServerErrorReporting({
      sentryDsn: `http://publickey@127.0.0.1:${port}/1`,
      environment: "test",
    }),
  ).toBe(true);
  const originalError = console.error;
  console.error = () => undefined;
  try {
    reportError(new Error("boom in a procedure"), {
      user: { id: "user-42", email: "ada@example.test", name: "Ada" },
      where: "trpc:test",
    });
  } finally {
    console.error = originalError;
  }
  await flushErrorReports(5000);
  const event = envelopes.find((body) => body.includes("boom in a procedure"));
  expect(event).toBeDefined();
  expect(event).toContain('"id":"user-42"');
  expect(event).toContain('"email":"ada@example.test"');
  expect(event).toContain('"username":"Ada"');
  expect(event).toContain('"environment":"test"');
});
