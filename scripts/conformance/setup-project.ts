// Creates what an MCP client needs through Portico's real HTTP API, as a browser would: a user (Better
// Auth sign-up with an Origin header), an organization, a project and an API key (tRPC mutations with
// superjson bodies). Returns the API key's secret.
import superjson from "superjson";

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return response;
}

export async function createProjectApiKey(baseUrl: string): Promise<string> {
  const origin = new URL(baseUrl).origin;
  const signUp = await expectOk(
    await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({
        name: "Conformance Runner",
        email: `conformance-${Date.now()}@example.com`,
        password: "conformance-password-1",
      }),
    }),
    "sign-up",
  );
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

  async function mutate<T>(procedure: string, input: unknown): Promise<T> {
    const response = await expectOk(
      await fetch(`${baseUrl}/api/trpc/${procedure}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie },
        body: superjson.stringify(input),
      }),
      procedure,
    );
    const body = (await response.json()) as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
    return superjson.deserialize<T>(body.result.data);
  }

  const organization = await mutate<{ id: string }>("organization.create", { name: "Conformance" });
  const project = await mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Conformance fixtures",
  });
  const key = await mutate<{ secret: string }>("apiKeys.create", {
    projectId: project.id,
    name: "MCP conformance suite",
  });
  return key.secret;
}
