import { expect, it } from "vitest";
import { redactSecrets } from "~/server/integrations/connections/status-reason.ts";

it("hides tokens echoed in a reason, keeps scopes, hosts and e-mail addresses", () => {
  for (const t of [
    "fake-refresh-token-abcdefghijkl",
    "ya29.a0AfH6SMBx3jklqwe8uiop12nmop",
    "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJ4In0.sig",
    "sk_live_51HqLyjWDarjtT1zdp7dc",
    "xkeysib-0123456789abcdef0123456789abcdef-AbCdEfGh",
  ])
    expect(redactSecrets(`a ${t} b`)).toBe("a [hidden] b");
  for (const t of [
    "https://www.googleapis.com/auth/gmail.modify",
    "robot@bravo-project.iam.gserviceaccount.com",
    "https://oauth2.googleapis.com/token",
  ])
    expect(redactSecrets(`a ${t} b`)).toBe(`a ${t} b`);
});
