// Creates what an MCP client needs through Portico's real HTTP API, as a browser would: a user (Better
// Auth sign-up with an Origin header), an organization, a project and two API keys on it (tRPC mutations
// with superjson bodies): one the project's own endpoint answers, and one named for the test-only
// conformance fixture, which the fixture answers instead (test/conformance/fixture/). The user's session
// cookie plays the person at the authorization server's consent screen.
import superjson from "superjson";

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return response;
}

export interface ConformanceProject {
  projectId: string;
  /** Answered by the project's own endpoint (standard tools). */
  projectKey: string;
  /** Answered by the conformance fixture. */
  fixtureKey: string;
  /** The signed-in user's session. */
  cookie: string;
}

export async function createConformanceProject(
  baseUrl: string,
  fixtureKeyName: string,
): Promise<ConformanceProject> {
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
    name: "Conformance",
  });
  const projectKey = await mutate<{ secret: string }>("apiKeys.create", {
    projectId: project.id,
    name: "MCP conformance suite",
  });
  const fixtureKey = await mutate<{ secret: string }>("apiKeys.create", {
    projectId: project.id,
    name: fixtureKeyName,
  });
  return { projectId: project.id, projectKey: projectKey.secret, fixtureKey: fixtureKey.secret, cookie };
}
