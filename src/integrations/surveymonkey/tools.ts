// SurveyMonkey surveys, their details and collectors, and their responses in bulk or one by one (API v3,
// page/per_page paging with links.next), all on the account's own data center (access_url of the token
// answer). Requests as documented:
// https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys
// https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys-id-details
// https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys-survey_id-collectors
// https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys-id-responses-bulk
// https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys-survey_id-responses-response_id-details
// https://api.surveymonkey.com/v3/docs#pagination
// https://api.surveymonkey.com/v3/docs#api-endpoints-get-users-me
// https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys-id-
// https://api.surveymonkey.com/v3/docs#api-endpoints-get-surveys-id-responses
// https://api.surveymonkey.com/v3/docs#api-endpoints-post-surveys-survey_id-collectors

import { z } from "zod";
import { providers } from "../../lib/integrations/providers.ts";
import {
  type CodeTool,
  type CodeToolContext,
  defineCodeTool,
  jsonResult,
  type QueryValue,
} from "../_kit/code-tools.ts";
import { readList } from "../_kit/list-answer.ts";
import { itemsPerPage, pageNumber } from "../_kit/paging-params.ts";
import { additive, readOnly } from "../_kit/tool-annotations.ts";

const enc = encodeURIComponent;
const id = (what: string) =>
  z
    .string()
    .regex(/^\d{1,20}$/, "a numeric id")
    .describe(what);
const surveyId = id("The survey's id (from list_surveys).");

interface SurveyMonkeyPage {
  data?: unknown[];
  page?: number;
  per_page?: number;
  total?: number;
  links?: { next?: string };
}

/** SurveyMonkey's page as { data, total, next_page? }: next_page is there when links.next is. */
function pageOf(answer: SurveyMonkeyPage, current: number) {
  return {
    data: readList(answer, { items: "data" }, providers.surveymonkey.name).items,
    total: answer.total ?? 0,
    ...(answer.links?.next ? { next_page: current + 1 } : {}),
  };
}

/** One record (a survey, a response, the user), as SurveyMonkey answers it. */
const getOne = (context: CodeToolContext, path: string) =>
  context.request<Record<string, unknown>>({ method: "GET", path });

/** The paging arguments every list takes, for getPage: per_page (1 to `most`, default 50) and page. */
const paging = (most: number) => ({ per_page: itemsPerPage(most, 50), page: pageNumber });

/** One page of a list: `query` with the page asked for, answered as pageOf says. */
async function getPage(
  context: CodeToolContext,
  path: string,
  query: Record<string, QueryValue>,
  paging: { per_page: number; page: number },
) {
  const answer = await context.request<SurveyMonkeyPage>({
    method: "GET",
    path,
    query: { ...query, per_page: paging.per_page, page: paging.page },
  });
  return jsonResult(pageOf(answer, paging.page));
}

const createdAt = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, "YYYY-MM-DDTHH:MM:SS")
    .optional()
    .describe(what);
const responseStatus = z
  .enum(["completed", "partial", "overquota", "disqualified"])
  .optional()
  .describe("Only responses with this status.");

/** The filters both response lists (bulk with answers, and ids only) take, by status and creation time. */
const responseFilters = {
  status: responseStatus,
  start_created_at: createdAt("Only responses created at or after this time (YYYY-MM-DDTHH:MM:SS, UTC)."),
  end_created_at: createdAt("Only responses created before this time (YYYY-MM-DDTHH:MM:SS, UTC)."),
};

/** The response filters as SurveyMonkey's query takes them, under the same names. */
const responseFilterQuery = (args: {
  status?: string;
  start_created_at?: string;
  end_created_at?: string;
}) => ({
  status: args.status,
  start_created_at: args.start_created_at,
  end_created_at: args.end_created_at,
});

const listSurveys = defineCodeTool({
  name: "list_surveys",
  title: "List surveys",
  description:
    'Use to find the account\'s surveys and their ids, newest-modified first by default. Returns { data: [{ id, title, nickname, date_modified, response_count, question_count }], total, next_page when more follow }. Example: {"title": "NPS", "per_page": 20}.',
  input: z.strictObject({
    title: z.string().max(200).optional().describe("Only surveys whose title contains this text."),
    sort_by: z
      .enum(["title", "date_modified", "num_responses"])
      .default("date_modified")
      .describe("Sort field (default date_modified)."),
    sort_order: z.enum(["ASC", "DESC"]).default("DESC").describe("Sort direction (default DESC)."),
    ...paging(1000),
  }),
  annotations: readOnly,
  async run(args, context) {
    return getPage(
      context,
      "/surveys",
      {
        title: args.title,
        sort_by: args.sort_by,
        sort_order: args.sort_order,
        include: "date_modified,response_count,question_count",
      },
      args,
    );
  },
});

const getSurveyDetails = defineCodeTool({
  name: "get_survey_details",
  title: "Get a survey's questions",
  description:
    'Use to read a survey\'s structure: pages, questions (family, subtype, headings) and answer choices with their ids, e.g. to interpret the choice_id values in responses. Returns { id, title, response_count, pages: [{ id, title, questions: [{ id, family, subtype, headings: [{ heading }], answers: { choices: [{ id, text }], rows, cols } }] }] }. Example: {"survey_id": "123456789"}.',
  input: z.strictObject({ survey_id: surveyId }),
  annotations: readOnly,
  async run(args, context) {
    return jsonResult(await getOne(context, `/surveys/${enc(args.survey_id)}/details`));
  },
});

const listCollectors = defineCodeTool({
  name: "list_collectors",
  title: "List a survey's collectors",
  description:
    'Use to see how a survey is distributed (weblinks, email invitations…) and each collector\'s status and response count. Returns { data: [{ id, name, type, status, url, response_count, date_modified }], total, next_page when more follow }. Example: {"survey_id": "123456789"}.',
  input: z.strictObject({ survey_id: surveyId, ...paging(1000) }),
  annotations: readOnly,
  async run(args, context) {
    return getPage(
      context,
      `/surveys/${enc(args.survey_id)}/collectors`,
      { include: "type,status,response_count,date_modified,url" },
      args,
    );
  },
});

const listResponses = defineCodeTool({
  name: "list_responses",
  title: "List a survey's responses with answers",
  description:
    'Use to read a survey\'s responses with every answer, e.g. to summarise feedback. Answers name question and choice ids (get_survey_details says what they mean), or set simple to get question and choice text instead. Returns { data: [{ id, response_status, date_created, collector_id, pages: [{ id, questions: [{ id, answers: [{ choice_id | text }] }] }] }], total, next_page when more follow }. Example: {"survey_id": "123456789", "status": "completed", "start_created_at": "2026-03-01T00:00:00", "per_page": 50}.',
  input: z.strictObject({
    survey_id: surveyId,
    ...responseFilters,
    simple: z
      .boolean()
      .default(false)
      .describe("Include the question and choice text with each answer (default false)."),
    ...paging(100),
  }),
  annotations: readOnly,
  async run(args, context) {
    return getPage(
      context,
      `/surveys/${enc(args.survey_id)}/responses/bulk`,
      {
        ...responseFilterQuery(args),
        simple: args.simple ? "true" : undefined,
      },
      args,
    );
  },
});

const getResponse = defineCodeTool({
  name: "get_response",
  title: "Get one response with its answers",
  description:
    'Use to read one response in full: who (when the collector records it), when, and every answer. Returns { id, response_status, date_created, date_modified, collector_id, custom_variables, pages: [{ id, questions: [{ id, answers }] }] }. Example: {"survey_id": "123456789", "response_id": "5555555555"}.',
  input: z.strictObject({ survey_id: surveyId, response_id: id("The response's id.") }),
  annotations: readOnly,
  async run(args, context) {
    return jsonResult(
      await getOne(context, `/surveys/${enc(args.survey_id)}/responses/${enc(args.response_id)}/details`),
    );
  },
});

const currentUser = defineCodeTool({
  name: "get_current_user",
  title: "Get the connected user",
  description:
    "Use to see which SurveyMonkey user and plan the connection acts as. Returns { id, username, email, first_name, last_name, account_type, … }. Example: {}.",
  input: z.strictObject({}),
  annotations: readOnly,
  async run(_args, context) {
    return jsonResult((await getOne(context, "/users/me")) ?? {});
  },
});

const getSurvey = defineCodeTool({
  name: "get_survey",
  title: "Get a survey",
  description:
    'Use to read one survey\'s own fields (title, nickname, language, question and response counts, dates) without its questions; get_survey_details has the questions. Returns the survey. Example: {"survey_id": "123456789"}.',
  input: z.strictObject({ survey_id: surveyId }),
  annotations: readOnly,
  async run(args, context) {
    return jsonResult((await getOne(context, `/surveys/${enc(args.survey_id)}`)) ?? {});
  },
});

const listResponseIds = defineCodeTool({
  name: "list_survey_responses",
  title: "List a survey's responses",
  description:
    'Use to list which responses a survey has (their ids, newest first), e.g. to count them or pick one for get_response; list_responses returns the answers themselves. Returns { data: [{ id, href }], total, next_page when more follow }. Example: {"survey_id": "123456789", "status": "completed"}.',
  input: z.strictObject({
    survey_id: surveyId,
    ...responseFilters,
    sort_order: z.enum(["ASC", "DESC"]).default("DESC").describe("By date modified (default DESC)."),
    ...paging(1000),
  }),
  annotations: readOnly,
  async run(args, context) {
    return getPage(
      context,
      `/surveys/${enc(args.survey_id)}/responses`,
      {
        ...responseFilterQuery(args),
        sort_order: args.sort_order,
      },
      args,
    );
  },
});

const createCollector = defineCodeTool({
  name: "create_collector",
  title: "Create a collector",
  description:
    'Use to open a new way to collect responses for a survey: a web link to share (weblink; every other type needs a paid plan), an email or SMS invitation, or a popup. Returns the new collector, with its url for a web link. Example: {"survey_id": "123456789", "type": "weblink", "name": "Newsletter link"}.',
  input: z.strictObject({
    survey_id: surveyId,
    type: z
      .enum(["weblink", "email", "sms", "popup_survey", "popup_invitation"])
      .describe("The collector's kind."),
    name: z.string().min(1).max(200).optional().describe("The collector's name."),
    thank_you_message: z.string().max(2000).optional().describe("Shown after a response is sent."),
    close_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\+00:00)?$/, "YYYY-MM-DDTHH:MM:SS")
      .optional()
      .describe("When the collector closes (YYYY-MM-DDTHH:MM:SS, UTC)."),
    redirect_url: z.url().max(2000).optional().describe("Where respondents go after finishing."),
    allow_multiple_responses: z
      .boolean()
      .optional()
      .describe("Whether one device may respond more than once."),
    anonymous_type: z
      .enum(["not_anonymous", "partially_anonymous", "fully_anonymous"])
      .optional()
      .describe("What is recorded about respondents."),
    response_limit: z.number().int().min(1).optional().describe("Close after this many responses."),
  }),
  annotations: additive,
  async run({ survey_id, ...body }, context) {
    const answer = await context.request<Record<string, unknown>>({
      method: "POST",
      path: `/surveys/${enc(survey_id)}/collectors`,
      body,
    });
    return jsonResult(answer ?? {});
  },
});

export const surveyTools: readonly CodeTool[] = [
  listSurveys,
  getSurveyDetails,
  listCollectors,
  listResponses,
  getResponse,
  currentUser,
  getSurvey,
  listResponseIds,
  createCollector,
];
