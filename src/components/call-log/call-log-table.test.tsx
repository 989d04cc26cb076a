// The call log's rows and filter choices as people read them: each row names the person and the
// connection that served the call ("via Support inbox"), someone who left is a former member, and a
// person or connection from the URL that is not offered still has a name in its select.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { connectionText } from "./call-details-dialog.tsx";
import { personAndConnectionOptions } from "./call-log-filters-bar.tsx";
import { CallLogTable } from "./call-log-table.tsx";

const textOf = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "|");

const call = {
  id: "call-1",
  createdAt: new Date("2026-11-21T12:00:00Z"),
  toolName: "gmail_search_messages",
  serverName: "Gmail",
  channel: "mcp" as const,
  callerName: "Support agent",
  personId: "user-ana",
  personName: "Ana Ruiz",
  attributed: true,
  connectionId: "connection-1",
  connectionLabel: "Support inbox",
  status: "success" as const,
  durationMs: 12,
  errorMessage: null,
};

describe("the call log's rows", () => {
  it("name the person and the connection that served each call", () => {
    const text = textOf(
      renderToString(
        <CallLogTable
          calls={[
            call,
            { ...call, id: "call-2", personId: null, personName: null, connectionLabel: "ana@acme.test" },
            { ...call, id: "call-3", connectionId: null, connectionLabel: null },
          ]}
          onOpen={() => {}}
        />,
      ),
    );
    expect(text).toContain("|Ana Ruiz · via Support inbox|");
    expect(text).toContain("|Former member · via ana@acme.test|");
    expect(text).toContain("|Ana Ruiz|");
    expect(text).not.toContain("via null");
  });
});

describe("the person and connection filters", () => {
  const options = {
    servers: [],
    callers: [],
    people: [{ value: "user-ana", name: "Ana Ruiz", email: "ana@acme.test" }],
    connections: [
      {
        value: "connection-1",
        label: "Support inbox",
        currentName: "Help desk",
        personal: false,
        name: "Support inbox, now “Help desk”",
      },
    ],
  };

  it("offer everyone and every connection, and name a value from the URL that is not offered", () => {
    expect(personAndConnectionOptions(options, {})).toEqual({
      people: [
        { value: "any", label: "All people" },
        { value: "user-ana", label: "Ana Ruiz (ana@acme.test)" },
      ],
      connections: [
        { value: "any", label: "All connections" },
        { value: "connection-1", label: "Support inbox, now “Help desk”" },
      ],
    });
    const linked = personAndConnectionOptions(options, { person: "someone", connection: "elsewhere" });
    expect(linked.people.at(-1)).toEqual({ value: "someone", label: "Someone not in this organization" });
    expect(linked.connections.at(-1)).toEqual({
      value: "elsewhere",
      label: "A connection that served no call here",
    });
  });

  it("say in the details whether the connection was personal, and its name now", () => {
    expect(
      connectionText({ id: "c", label: "ana@acme.test", currentName: "ana@acme.test", personal: true }),
    ).toBe("ana@acme.test (personal: a member's own account)");
    expect(
      connectionText({ id: "c", label: "Support inbox", currentName: "Help desk", personal: false }),
    ).toBe("Support inbox (shared by the organization, now named “Help desk”)");
    expect(connectionText({ id: "c", label: "Old CRM", currentName: null, personal: null })).toBe(
      "Old CRM (no longer exists)",
    );
  });
});
