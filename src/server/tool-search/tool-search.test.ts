import { describe, expect, it } from "vitest";
import { standardTools } from "../gateway/catalogue/standard-tools/index.ts";
import { type SearchableTool, searchTools } from "./tool-search.ts";

const tool = (
  name: string,
  serverName: string,
  title: string,
  description: string,
  annotations: SearchableTool["annotations"] = {},
): SearchableTool => ({
  name,
  title,
  description,
  inputSchema: {
    type: "object",
    properties: { issueIdOrKey: { type: "string", description: "e.g. OPS-12" } },
  },
  annotations,
  serverName,
});
const reads = { readOnlyHint: true };
const writes = { readOnlyHint: false };

const tracker = [
  tool("jira_create_issue", "Jira", "Create an issue", "Creates an issue in a project."),
  tool("jira_add_comment", "Jira", "Comment on an issue", "Adds a comment to an issue."),
  tool("calendar_create_event", "Google Calendar", "Create an event", "Creates a calendar event."),
];
const project = [...standardTools, ...tracker];
const names = (found: SearchableTool[]) => found.map((found) => found.name);

describe("searchTools", () => {
  it("finds the tool for a task in a person's words: stems, synonyms and the application's name", () => {
    expect(names(searchTools(project, "convert 9:00 in Prague to New York time"))[0]).toBe("convert_time");
    expect(names(searchTools(project, "file a ticket for the broken export"))[0]).toBe("jira_create_issue");
    expect(names(searchTools(project, "put the meetings in my calendar"))[0]).toBe("calendar_create_event");
    expect(names(searchTools(project, "leave a note in Jira"))[0]).toBe("jira_add_comment");
  });

  it("matches parameter names split into words, and misspellings", () => {
    expect(names(searchTools(tracker, "issue key", 1))).toEqual(["jira_create_issue"]);
    expect(names(searchTools(project, "calcualte a percentage"))[0]).toBe("calculate");
  });

  it("reads % as percent and meets irregular stems of a synonym group (statuses, status)", () => {
    expect(names(searchTools(project, "what is 17% of 48,500"))[0]).toBe("calculate");
    const workflow = [
      ...tracker,
      tool("jira_list_transitions", "Jira", "List transitions", "The transitions an issue can take."),
    ];
    expect(names(searchTools(workflow, "which statuses can it go to", 1))).toEqual(["jira_list_transitions"]);
  });

  it("returns at most `limit` tools, best first, and nothing for a query of stop words", () => {
    expect(searchTools(project, "create", 2)).toHaveLength(2);
    expect(searchTools(project, "create", 100).length).toBeLessThanOrEqual(20);
    expect(searchTools(project, "what is the")).toEqual([]);
    expect(searchTools([], "anything")).toEqual([]);
  });

  it("indexes a changed tool list anew and keeps the old list's answers for the old list", () => {
    const before = [...tracker];
    expect(names(searchTools(before, "send a survey"))).not.toContain("surveymonkey_send_survey");
    const after = [
      ...tracker,
      tool("surveymonkey_send_survey", "SurveyMonkey", "Send a survey", "Sends one."),
    ];
    expect(names(searchTools(after, "send a survey"))[0]).toBe("surveymonkey_send_survey");
    expect(names(searchTools(before, "send a survey"))).not.toContain("surveymonkey_send_survey");
  });

  it("expands a query with the thesaurus, and the person's own word still counts for more", () => {
    const mail = [
      tool("gmail_list_labels", "Gmail", "List labels", "The mailbox's labels.", reads),
      tool("gmail_list_folders", "Gmail", "List folders", "The mailbox's folders.", reads),
      tool("jira_create_issue", "Jira", "Create an issue", "Files a bug.", writes),
    ];
    // "tags" is no word of any tool: only the thesaurus (tag = label) finds the labels.
    expect(names(searchTools(mail, "which tags do I have", 1))).toEqual(["gmail_list_labels"]);
    // "folders" is: the tool saying it beats the one that only says a synonym of "tags".
    expect(names(searchTools(mail, "folders or tags", 1))).toEqual(["gmail_list_folders"]);
    // A phrase means what its words alone do not: "write to me" is mail.
    const inbox = [
      ...mail,
      tool("gmail_search_messages", "Gmail", "Search messages", "Finds emails in the mailbox.", reads),
    ];
    expect(names(searchTools(inbox, "did Ana write to me", 1))).toEqual(["gmail_search_messages"]);
  });

  it("takes a word in the sense the rest of the query gives it: a wiki page is not a web page", () => {
    const wiki = [
      ...standardTools,
      tool("confluence_list_pages", "Confluence", "List pages", "The pages of a space.", reads),
    ];
    expect(names(searchTools(wiki, "the wiki pages about onboarding"))[0]).toBe("confluence_list_pages");
  });

  it("ranks a tool that reads above one that writes for a question, and the other way for a request", () => {
    const calendar = [
      tool("calendar_create_event", "Calendar", "Create an event", "Puts an event in the calendar.", writes),
      tool("calendar_list_events", "Calendar", "List events", "The events in a time range.", reads),
    ];
    // Both match "events"; only the write tool says "calendar", which the question's intent outweighs.
    expect(names(searchTools(calendar, "what events are in my calendar"))[0]).toBe("calendar_list_events");
    expect(names(searchTools(calendar, "could you put the events in my calendar"))[0]).toBe(
      "calendar_create_event",
    );
  });

  it("reads an issue key as an issue, not as the words of its letters and digits", () => {
    const work = [
      tool("jira_get_issue", "Jira", "Get an issue", "Reads one issue: summary, status, assignee.", reads),
      tool("raynet_list_ops", "Raynet", "List operations", "Operations (ops) of 142 kinds.", reads),
    ];
    expect(names(searchTools(work, "OPS-142", 1))).toEqual(["jira_get_issue"]);
  });

  it("takes a word the tools use as that word, not as a typo of another", () => {
    const mail = [
      tool("outlook_email_list_messages", "Outlook Email", "List messages", "Finds emails.", reads),
      tool("gmail_list_labels", "Gmail", "List labels", "The mailbox's labels.", reads),
    ];
    // "gmail" is one letter from "email"; fuzzy matching is kept for words no tool uses ("calcualte").
    expect(names(searchTools(mail, "gmail"))).toEqual(["gmail_list_labels"]);
  });
});

describe("searchTools across tool list changes", () => {
  const crm = [
    tool("raynet_update_company", "Raynet CRM", "Update a company", "Changes a company.", writes),
    tool("raynet_get_company", "Raynet CRM", "Get a company", "Reads one company.", reads),
  ];
  const drive = [
    tool("google_drive_update_file", "Google Drive", "Update a file", "Renames a file.", writes),
  ];

  it("puts the named integration's tools first, even when another tool matches the words better", () => {
    const list = [...drive, ...crm];
    expect(names(searchTools(list, "update him in raynet", 1))).toEqual(["raynet_update_company"]);
    expect(names(searchTools(list, "update the file name", 1))).toEqual(["google_drive_update_file"]);
  });

  it("updates a project's index when its servers change: added tools found, removed ones gone", () => {
    const before = [...crm];
    expect(names(searchTools(before, "rename the file", 5, "project-1"))).not.toContain(
      "google_drive_update_file",
    );
    const added = [...crm, ...drive];
    expect(names(searchTools(added, "rename the file", 1, "project-1"))).toEqual([
      "google_drive_update_file",
    ]);
    const removed = [...drive];
    expect(names(searchTools(removed, "company", 5, "project-1"))).toEqual([]);
    // The former list keeps answering as it did (a request still holding it).
    expect(names(searchTools(before, "company", 1, "project-1"))).toHaveLength(1);
  });
});
