// SurveyMonkey's tool pack through /mcp against a fake SurveyMonkey data center written from the v3
// reference: every call on the access_url of the token answer (an EU account is served from its own
// host, never the configured default), under /v3, every request checked exactly, a list followed to its
// second page, SurveyMonkey's error body as one sentence, and a refused token (SurveyMonkey issues no
// refresh token) reported as a reconnect.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { startFakeSurveyMonkey } from "../fakes/surveymonkey.ts";
import { startCrmWorld, textOf } from "./crm-world.ts";

const w = await startCrmWorld({
  provider: "surveymonkey",
  integrationId: "surveymonkey",
  startApi: startFakeSurveyMonkey,
  // Nothing listens on the configured host: every call must go to the access_url.
  endpoints: () => ({ apiBaseUrl: "http://127.0.0.1:9" }),
  tokenFields: (api) => ({ access_url: api.url }),
  expiresIn: null,
  issueRefreshTokens: false,
  env: { ALLOW_PRIVATE_URLS: "true" },
});
afterAll(() => w.close());
beforeEach(() => {
  w.api.requests.length = 0;
  w.api.surveys.splice(
    0,
    w.api.surveys.length,
    { id: "123456789", title: "NPS March" },
    { id: "123456790", title: "NPS April" },
    { id: "123456791", title: "Onboarding" },
  );
  w.api.responses["123456789"] = [
    { id: "5555555551", response_status: "completed" },
    { id: "5555555552", response_status: "partial" },
    { id: "5555555553", response_status: "completed" },
  ];
});

const only = (): RecordedRequest => {
  expect(w.api.requests).toHaveLength(1);
  return w.api.requests[0] as RecordedRequest;
};
const line = (request: RecordedRequest) => [request.method, request.path, [...request.query.entries()]];

describe("SurveyMonkey tools on /mcp", () => {
  it("lists the pack's tools, all read-only but create_collector", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) => tool.name.startsWith("surveymonkey_"));
    expect(tools.map((tool) => tool.name.replace("surveymonkey_", "")).sort()).toEqual([
      "create_collector",
      "get_current_user",
      "get_response",
      "get_survey",
      "get_survey_details",
      "list_collectors",
      "list_responses",
      "list_survey_responses",
      "list_surveys",
    ]);
    for (const tool of tools) {
      const writes = tool.name === "surveymonkey_create_collector";
      expect([tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint]).toEqual([!writes, false]);
      expect(tool.description).toMatch(/Example: \{/);
    }
  });

  it("get_current_user reads /v3/users/me on the access_url", async () => {
    const result = await w.call("surveymonkey_get_current_user", {});
    const request = only();
    expect(line(request)).toEqual(["GET", "/v3/users/me", []]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(result.structuredContent).toMatchObject({ id: "150000001", email: "petr@acme.test" });
  });

  it("get_survey reads /v3/surveys/{id}; an unknown one is SurveyMonkey's error", async () => {
    const result = await w.call("surveymonkey_get_survey", { survey_id: "123456789" });
    expect(line(only())).toEqual(["GET", "/v3/surveys/123456789", []]);
    expect(result.structuredContent).toMatchObject({
      id: "123456789",
      title: "NPS March",
      response_count: 3,
    });
    const missing = await w.call("surveymonkey_get_survey", { survey_id: "1" });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe(
      "SurveyMonkey answered HTTP 404: There was an error retrieving the requested resource.",
    );
  });

  it("list_survey_responses pages /v3/surveys/{id}/responses to the second page", async () => {
    const first = await w.call("surveymonkey_list_survey_responses", {
      survey_id: "123456789",
      status: "completed",
      per_page: 1,
    });
    const request = only();
    expect(line(request)).toEqual([
      "GET",
      "/v3/surveys/123456789/responses",
      [
        ["status", "completed"],
        ["sort_order", "DESC"],
        ["per_page", "1"],
        ["page", "1"],
      ],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(first.structuredContent).toMatchObject({ data: [{ id: "5555555551" }], total: 2, next_page: 2 });
    w.api.requests.length = 0;
    const second = await w.call("surveymonkey_list_survey_responses", {
      survey_id: "123456789",
      status: "completed",
      per_page: 1,
      page: 2,
    });
    expect(only().query.get("page")).toBe("2");
    expect(second.structuredContent).toEqual({
      data: [{ id: "5555555553", href: `${w.api.url}/v3/surveys/123456789/responses/5555555553` }],
      total: 2,
    });
  });

  it("create_collector POSTs the collector to /v3/surveys/{id}/collectors", async () => {
    const result = await w.call("surveymonkey_create_collector", {
      survey_id: "123456789",
      type: "weblink",
      name: "Newsletter link",
      allow_multiple_responses: false,
    });
    const request = only();
    expect(line(request)).toEqual(["POST", "/v3/surveys/123456789/collectors", []]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      type: "weblink",
      name: "Newsletter link",
      allow_multiple_responses: false,
    });
    expect(result.structuredContent).toMatchObject({
      id: "444445",
      url: "https://www.surveymonkey.com/r/NEW444445",
    });
    const refused = await w.call("surveymonkey_create_collector", { survey_id: "1", type: "weblink" });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("SurveyMonkey answered HTTP 404");
  });

  it("list_surveys on the account's data center, followed to its second page", async () => {
    const first = await w.call("surveymonkey_list_surveys", { title: "nps", per_page: 1 });
    const request = only();
    expect(line(request)).toEqual([
      "GET",
      "/v3/surveys",
      [
        ["title", "nps"],
        ["sort_by", "date_modified"],
        ["sort_order", "DESC"],
        ["include", "date_modified,response_count,question_count"],
        ["per_page", "1"],
        ["page", "1"],
      ],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(first.structuredContent).toMatchObject({ data: [{ id: "123456789" }], total: 2, next_page: 2 });
    w.api.requests.length = 0;
    const second = await w.call("surveymonkey_list_surveys", { title: "nps", per_page: 1, page: 2 });
    expect(only().query.get("page")).toBe("2");
    expect(second.structuredContent).toEqual({
      data: [expect.objectContaining({ id: "123456790", title: "NPS April" })],
      total: 2,
    });
  });

  it("get_survey_details and list_collectors", async () => {
    const details = await w.call("surveymonkey_get_survey_details", { survey_id: "123456789" });
    expect(line(only())).toEqual(["GET", "/v3/surveys/123456789/details", []]);
    expect(details.structuredContent).toMatchObject({
      pages: [{ questions: [{ id: "222222", answers: { choices: [{ id: "333333" }, { id: "333334" }] } }] }],
    });
    w.api.requests.length = 0;
    const collectors = await w.call("surveymonkey_list_collectors", { survey_id: "123456789" });
    expect(line(only())).toEqual([
      "GET",
      "/v3/surveys/123456789/collectors",
      [
        ["include", "type,status,response_count,date_modified,url"],
        ["per_page", "50"],
        ["page", "1"],
      ],
    ]);
    expect(collectors.structuredContent).toMatchObject({
      data: [{ id: "444444", type: "weblink" }],
      total: 1,
    });
  });

  it("list_responses (bulk) with filters, paged", async () => {
    const first = await w.call("surveymonkey_list_responses", {
      survey_id: "123456789",
      status: "completed",
      start_created_at: "2026-03-01T00:00:00",
      simple: true,
      per_page: 1,
    });
    expect(line(only())).toEqual([
      "GET",
      "/v3/surveys/123456789/responses/bulk",
      [
        ["status", "completed"],
        ["start_created_at", "2026-03-01T00:00:00"],
        ["simple", "true"],
        ["per_page", "1"],
        ["page", "1"],
      ],
    ]);
    expect(first.structuredContent).toMatchObject({ data: [{ id: "5555555551" }], total: 2, next_page: 2 });
    w.api.requests.length = 0;
    const second = await w.call("surveymonkey_list_responses", {
      survey_id: "123456789",
      status: "completed",
      per_page: 1,
      page: 2,
    });
    expect(second.structuredContent).toEqual({
      data: [expect.objectContaining({ id: "5555555553", pages: expect.any(Array) })],
      total: 2,
    });
  });

  it("get_response, and an unknown one is SurveyMonkey's error as one sentence", async () => {
    const one = await w.call("surveymonkey_get_response", {
      survey_id: "123456789",
      response_id: "5555555552",
    });
    expect(line(only())).toEqual(["GET", "/v3/surveys/123456789/responses/5555555552/details", []]);
    expect(one.structuredContent).toMatchObject({ id: "5555555552", response_status: "partial" });
    const missing = await w.call("surveymonkey_get_response", { survey_id: "123456789", response_id: "404" });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe("SurveyMonkey answered HTTP 404: Response 404 was not found.");
    const unknownSurvey = await w.call("surveymonkey_get_survey_details", { survey_id: "999" });
    expect(textOf(unknownSurvey)).toBe(
      "SurveyMonkey answered HTTP 404: There was an error retrieving the requested resource.",
    );
    const bad = await w.call("surveymonkey_get_survey_details", { survey_id: "../users/me" });
    expect(bad.isError).toBe(true);
    expect(w.api.requests).toHaveLength(3);
  });

  it("a refused token cannot be refreshed (SurveyMonkey issues none): the error says to reconnect", async () => {
    w.refuseCurrentToken();
    const refused = await w.call("surveymonkey_list_surveys", {});
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(
      "SurveyMonkey answered HTTP 401: The authorization token provided was invalid. The SurveyMonkey connection's access was refused: reconnect SurveyMonkey in the organization's integrations.",
    );
    expect(w.oauth.refreshRequests).toHaveLength(0);
  });
});
