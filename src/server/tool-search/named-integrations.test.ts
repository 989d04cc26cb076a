import { describe, expect, it } from "vitest";
import { czechMeaning } from "./czech.ts";
import { namedServers, nameIndex } from "./named-integrations.ts";
import { queryOperation } from "./query-signals.ts";

const tools = [
  { serverName: "Raynet CRM", name: "raynet_list_companies", words: "list companies" },
  { serverName: "Jira", name: "jira_get_issue", words: "issue" },
  { serverName: "Salesforce", name: "salesforce_query", words: "soql records" },
  { serverName: "monday.com", name: "monday_list_items", words: "board items" },
  { serverName: "Google Drive", name: "google_drive_search_files", words: "files" },
  { serverName: "Gmail", name: "gmail_search_messages", words: "email messages" },
  { serverName: "Outlook Email", name: "outlook_email_list_messages", words: "email messages" },
];
// Which servers' tools use each word, as tool-search.ts builds it from the tools' texts.
const users = new Map<string, Set<string>>();
for (const tool of tools) {
  for (const word of `${tool.name.replaceAll("_", " ")} ${tool.words}`.split(" ")) {
    users.set(word, new Set([...(users.get(word) ?? []), tool.serverName]));
  }
}
const index = nameIndex(tools, (word) => users.get(word));
const named = (query: string) => [...namedServers(index, query)].sort();

describe("namedServers", () => {
  it("finds a product by its name, with Czech endings and with one typo", () => {
    expect(named("update him in raynet")).toEqual(["Raynet CRM"]);
    expect(named("najdi v raynetu firmu Alza")).toEqual(["Raynet CRM"]);
    expect(named("založ v jiře tiket")).toEqual(["Jira"]);
    expect(named("find firma Stavby Novak in rayent")).toEqual(["Raynet CRM"]);
  });

  it("finds a product by an alias or one of its objects", () => {
    expect(named("create a lead in SFDC")).toEqual(["Salesforce"]);
    expect(named("look in gdrive for the deck")).toEqual(["Google Drive"]);
    expect(named("what's the status of PROJ-1234")).toEqual(["Jira"]);
    expect(named("get record 0061t00000ABCdeAAF")).toEqual(["Salesforce"]);
    expect(named("show my latest O365 emails")).toEqual(["Outlook Email"]);
  });

  it("does not take a word the tools use, an English ending or a weekday for a product", () => {
    // "email" is one letter from "gmail", but a word the tools use.
    expect(named("find person by email")).toEqual([]);
    expect(named("call them on monday at 9")).toEqual([]);
    expect(named("closing the deal")).toEqual([]);
    expect(named("add an item on the monday board")).toEqual(["monday.com"]);
    expect(named("přidej položku na nástěnku v monday")).toEqual(["monday.com"]);
    // An alias in capitals is no alias in lower case.
    expect(named("sf is a city")).toEqual([]);
  });
});

describe("Czech and operations", () => {
  it("reads Czech words in any form as the English words of the domain", () => {
    expect(czechMeaning("firmu")).toContain("company");
    expect(czechMeaning("faktury")).toContain("invoice");
    expect(czechMeaning("zaměstnanců")).toContain("employee");
    expect(czechMeaning("raynetu")).toEqual([]);
  });

  it("tells which operation a request asks for", () => {
    expect(queryOperation("update the deal value to 12k")).toBe("update");
    expect(queryOperation("new leads in raynet this week")).toBe("list");
    expect(queryOperation("open a bug in WEB project")).toBe("create");
    expect(queryOperation("open gmail message 18c2f9 and show me the body")).toBe("get");
    expect(queryOperation("what new leads came in")).toBeUndefined();
    expect(queryOperation("vytvoř obchodní případ v raynetu")).toBe("create");
    expect(queryOperation("najdi v caflou firmu")).toBe("list");
  });
});
