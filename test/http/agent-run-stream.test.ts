// The run page's live view over real HTTP against the production build: projectAgents.watchRun answers
// as server-sent events in tRPC's format (what src/lib/trpc-sse-link.ts reads), and a refused or
// unknown run is an error event with its code, never a 500.
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

let server: RunningServer;
let owner: HttpClient;
let projectId: string;

beforeAll(async () => {
  server = await startServer();
  owner = new HttpClient(server.baseUrl);
  await owner.signUp(newUser("run-stream"));
  const organization = await owner.mutate<{ id: string }>("organization.create", { name: "Stream Co" });
  const project = await owner.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Streamed",
  });
  projectId = project.id;
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

const watchPath = (input: unknown) =>
  `/api/trpc/projectAgents.watchRun?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;

/** The events of a finished stream: event name (message when none) and parsed data. */
async function events(response: Response) {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.trim() && !block.startsWith(":"))
    .map((block) => {
      const lines = block.split("\n");
      const name = lines.find((l) => l.startsWith("event: "))?.slice(7) ?? "message";
      const data = lines.find((l) => l.startsWith("data: "))?.slice(6) ?? "";
      return { name, data: data ? JSON.parse(data) : null };
    });
}

describe("projectAgents.watchRun over HTTP", () => {
  it("answers a run of the caller's project that does not exist with a NOT_FOUND error event", async () => {
    const response = await owner.get(watchPath({ projectId, runId: "no-such-run" }), {
      accept: "text/event-stream",
    });
    expect(response.status).not.toBe(500);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const received = await events(response);
    const error = received.find((event) => event.name === "serialized-error");
    const shape = superjson.deserialize<{ message: string; data: { code: string } }>(error?.data);
    expect(shape.message).toBe("Run not found");
    expect(shape.data.code).toBe("NOT_FOUND");
  });

  it("refuses a visitor without a session", async () => {
    const anonymous = new HttpClient(server.baseUrl);
    const response = await anonymous.get(watchPath({ projectId, runId: "no-such-run" }), {
      accept: "text/event-stream",
    });
    expect(response.status).not.toBe(500);
    const body = await response.text();
    expect(body).toContain("UNAUTHORIZED");
    expect(body).not.toContain(projectId);
  });
});
