// A fake SurveyMonkey data center, written from the API v3 reference (not from Portico's code): surveys
// (page/per_page with links.next), survey details, collectors, bulk responses and one response's
// details, and SurveyMonkey's error body { error: { id, name, docs, message, http_status_code } }.
// https://api.surveymonkey.com/v3/docs#pagination  https://api.surveymonkey.com/v3/docs#error-codes
// GET /v3/users/me answers the token's user; `identities` gives other tokens other users (fields over
// `me`, the default's). https://api.surveymonkey.com/v3/docs#api-endpoints-get-users-me
import type { ServerResponse } from "node:http";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

/** The /users/me fields a test cares about; the fake adds the rest of the documented answer. */
export interface SurveyMonkeyMe {
  id: string;
  username: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  account_type: string;
}

export interface FakeSurveyMonkey extends HttpFake {
  surveys: { id: string; title: string }[];
  /** Collectors made with POST /surveys/{id}/collectors, by survey id. */
  created: Record<string, Record<string, unknown>[]>;
  responses: Record<string, { id: string; response_status: string }[]>;
  /** Who a token of nobody in particular is (/users/me). */
  me: SurveyMonkeyMe;
  /** Access token → another user (its fields over `me`). */
  identities: Map<string, Partial<SurveyMonkeyMe>>;
}

const smError = (response: ServerResponse, status: number, id: string, name: string, message: string) =>
  json(response, status, {
    error: {
      id,
      name,
      docs: "https://developer.surveymonkey.com/api/v3/#error-codes",
      message,
      http_status_code: status,
    },
  });

/** SurveyMonkey's answer for a path or id it does not know. */
const notFound = (response: ServerResponse) =>
  smError(
    response,
    404,
    "1020",
    "Resource Not Found",
    "There was an error retrieving the requested resource.",
  );

export async function startFakeSurveyMonkey(
  acceptsToken: (token: string) => boolean,
): Promise<FakeSurveyMonkey> {
  const surveys: FakeSurveyMonkey["surveys"] = [];
  const responses: FakeSurveyMonkey["responses"] = {};
  let base = "";
  const paged = (all: unknown[], request: RecordedRequest, path: string) => {
    const page = Number(request.query.get("page") ?? 1);
    const perPage = Number(request.query.get("per_page") ?? 50);
    const last = Math.max(1, Math.ceil(all.length / perPage));
    const link = (n: number) => `${base}/v3${path}?page=${n}&per_page=${perPage}`;
    return {
      data: all.slice((page - 1) * perPage, page * perPage),
      per_page: perPage,
      page,
      total: all.length,
      links: { self: link(page), ...(page < last ? { next: link(page + 1), last: link(last) } : {}) },
    };
  };

  const http = await startHttpFake((request: RecordedRequest, response) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (!acceptsToken(token)) {
      return smError(
        response,
        401,
        "1011",
        "Authorization Error",
        "The authorization token provided was invalid.",
      );
    }
    const parts = request.path.split("/").filter(Boolean);
    // POST /v3/surveys/{id}/collectors (scope collectors_write): `type` is required; 201 with the new
    // collector, a weblink's `url` among its fields.
    // https://api.surveymonkey.com/v3/docs#api-endpoints-post-surveys-survey_id-collectors
    if (
      request.method === "POST" &&
      parts[0] === "v3" &&
      parts[1] === "surveys" &&
      parts[3] === "collectors"
    ) {
      if (parts.length !== 4 || !surveys.some((survey) => survey.id === parts[2])) return notFound(response);
      const body = JSON.parse(request.body || "{}") as Record<string, unknown>;
      const types = ["weblink", "email", "sms", "popup_survey", "popup_invitation"];
      if (!types.includes(String(body.type)))
        return smError(response, 400, "1002", "Invalid Request", "The field 'type' is invalid or missing.");
      const id = String(444445 + (fake.created[parts[2] ?? ""]?.length ?? 0));
      const collector = {
        status: "open",
        ...body,
        id,
        href: `${base}/v3/collectors/${id}`,
        ...(body.type === "weblink" ? { url: `https://www.surveymonkey.com/r/NEW${id}` } : {}),
        date_created: "2026-03-02T11:00:00+00:00",
        response_count: 0,
      };
      fake.created[parts[2] ?? ""] = [...(fake.created[parts[2] ?? ""] ?? []), collector];
      return json(response, 201, collector);
    }
    if (request.method !== "GET") return smError(response, 405, "1003", "Bad Request", "Method not allowed.");
    if (parts[0] === "v3" && parts[1] === "users" && parts[2] === "me" && parts.length === 3) {
      const me = { ...fake.me, ...fake.identities.get(token) };
      return json(response, 200, {
        ...me,
        language: "en",
        email_verified: true,
        href: `${base}/v3/users/me`,
        date_last_login: "2026-03-02T09:00:00.000000+00:00",
        date_created: "2025-01-10T12:00:00+00:00",
        sso_connections: [],
      });
    }
    if (parts[0] !== "v3" || parts[1] !== "surveys") {
      return notFound(response);
    }
    const [, , surveyId, sub, responseId, detail] = parts;
    if (!surveyId) {
      const title = request.query.get("title")?.toLowerCase();
      const list = surveys
        .filter((survey) => !title || survey.title.toLowerCase().includes(title))
        .map((survey) => ({
          id: survey.id,
          title: survey.title,
          nickname: "",
          href: `${base}/v3/surveys/${survey.id}`,
          date_modified: "2026-03-02T10:00:00",
          response_count: responses[survey.id]?.length ?? 0,
          question_count: 2,
        }));
      return json(response, 200, paged(list, request, "/surveys"));
    }
    const survey = surveys.find((candidate) => candidate.id === surveyId);
    if (!survey) {
      return notFound(response);
    }
    // GET /v3/surveys/{id}: the survey's own fields, without its pages and questions.
    if (!sub) {
      return json(response, 200, {
        id: survey.id,
        title: survey.title,
        nickname: "",
        language: "en",
        question_count: 1,
        page_count: 1,
        response_count: responses[survey.id]?.length ?? 0,
        date_created: "2026-03-01T09:00:00",
        date_modified: "2026-03-02T10:00:00",
        href: `${base}/v3/surveys/${survey.id}`,
      });
    }
    // GET /v3/surveys/{id}/responses: the responses as { id, href } (filters as for bulk).
    if (sub === "responses" && !responseId) {
      const status = request.query.get("status");
      const list = (responses[survey.id] ?? [])
        .filter((item) => !status || item.response_status === status)
        .map((item) => ({ id: item.id, href: `${base}/v3/surveys/${survey.id}/responses/${item.id}` }));
      return json(response, 200, paged(list, request, `/surveys/${survey.id}/responses`));
    }
    if (sub === "details" && !responseId) {
      return json(response, 200, {
        id: survey.id,
        title: survey.title,
        response_count: responses[survey.id]?.length ?? 0,
        pages: [
          {
            id: "111111",
            title: "",
            questions: [
              {
                id: "222222",
                family: "single_choice",
                subtype: "vertical",
                headings: [{ heading: "How satisfied are you?" }],
                answers: {
                  choices: [
                    { id: "333333", text: "Very satisfied" },
                    { id: "333334", text: "Not satisfied" },
                  ],
                },
              },
            ],
          },
        ],
      });
    }
    if (sub === "collectors" && !responseId) {
      return json(
        response,
        200,
        paged(
          [
            {
              id: "444444",
              name: "Web Link 1",
              type: "weblink",
              status: "open",
              url: "https://www.surveymonkey.com/r/ABC",
              response_count: 2,
            },
          ],
          request,
          `/surveys/${survey.id}/collectors`,
        ),
      );
    }
    if (sub === "responses" && responseId === "bulk") {
      const status = request.query.get("status");
      const list = (responses[survey.id] ?? [])
        .filter((item) => !status || item.response_status === status)
        .map((item) => ({
          ...item,
          survey_id: survey.id,
          collector_id: "444444",
          date_created: "2026-03-02T10:15:00+00:00",
          pages: [{ id: "111111", questions: [{ id: "222222", answers: [{ choice_id: "333333" }] }] }],
        }));
      return json(response, 200, paged(list, request, `/surveys/${survey.id}/responses/bulk`));
    }
    if (sub === "responses" && responseId && detail === "details") {
      const found = responses[survey.id]?.find((item) => item.id === responseId);
      if (!found) {
        return smError(response, 404, "1020", "Resource Not Found", `Response ${responseId} was not found.`);
      }
      return json(response, 200, {
        ...found,
        survey_id: survey.id,
        collector_id: "444444",
        date_created: "2026-03-02T10:15:00+00:00",
        date_modified: "2026-03-02T10:30:00+00:00",
        custom_variables: {},
        pages: [{ id: "111111", questions: [{ id: "222222", answers: [{ choice_id: "333333" }] }] }],
      });
    }
    return notFound(response);
  });
  base = http.url;
  const fake: FakeSurveyMonkey = {
    ...http,
    surveys,
    responses,
    created: {},
    me: {
      id: "150000001",
      username: "petr.novak",
      email: "petr@acme.test",
      first_name: "Petr",
      last_name: "Novak",
      account_type: "team_advantage_annual",
    },
    identities: new Map(),
  };
  return fake;
}
