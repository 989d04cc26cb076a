import { describe, expect, it } from "vitest";
import { standardTools } from "../gateway/standard-tools/index.ts";
import { type SearchableTool, searchTools } from "./tool-search.ts";

const tool = (name: string, serverName: string, title: string, description: string): SearchableTool => ({
  name,
  title,
  description,
  inputSchema: {
    type: "object",
    properties: { issueIdOrKey: { type: "string", description: "e.g. OPS-12" } },
  },
  annotations: {},
  serverName,
});

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
});
