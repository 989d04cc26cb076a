import { z } from "zod";
import { AppError } from "../../../../lib/errors.ts";
import { tracedUpstream } from "../../../observability/call-trace.ts";
import {
  discardBody,
  getPublicUrl,
  type PublicUrlResponse,
  readPublicUrlText,
} from "../../../security/ssrf-guard.ts";
import { defineStandardTool, ToolInputError } from "./define-tool.ts";
import { extractTitle, htmlToText } from "./html-to-text.ts";

const PAGE_HEADERS = {
  accept: "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5",
  "user-agent": "PorticoBot/1.0",
};

const MAX_DOWNLOAD_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;
const READABLE_TYPES = /^(text\/|application\/(json|xml|xhtml\+xml|rss\+xml|atom\+xml|ld\+json))/i;

export const fetchWebPage = defineStandardTool({
  name: "fetch_web_page",
  title: "Fetch a web page",
  description:
    "Downloads a public web page (http or https) and returns its title and readable text, with " +
    "headings, lists and links kept as Markdown. Use it to read documentation, articles or any page a " +
    "user links to. Private and internal network addresses are refused. Long pages are cut at " +
    "`maxCharacters` (default 20000); `truncated` says when.",
  input: z.object({
    url: z.string().trim().min(1).max(2048).describe("Absolute http(s) URL"),
    maxCharacters: z.number().int().min(100).max(100_000).optional(),
  }),
  output: z.object({
    url: z.string().describe("The final URL after redirects"),
    status: z.number().int(),
    contentType: z.string(),
    title: z.string().nullable(),
    text: z.string(),
    truncated: z.boolean(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: true },
  async run({ url, maxCharacters }, context) {
    let response: PublicUrlResponse;
    try {
      // Timed and traced as an upstream request; no traceparent is sent to arbitrary web pages, which
      // are no part of the caller's system (an id that links requests is not theirs to have).
      response = await tracedUpstream(
        context.trace,
        { integration: "web", method: "GET", url },
        () =>
          getPublicUrl(
            url,
            PAGE_HEADERS,
            context.signal,
            { allowPrivateNetworks: context.allowPrivateUrls },
            { timeoutMs: FETCH_TIMEOUT_MS },
          ),
        (answer) => answer.status,
      );
    } catch (error) {
      if (error instanceof AppError) throw new ToolInputError(error.message);
      if (context.signal.aborted) throw error;
      throw new ToolInputError(
        `Could not reach ${url}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const declaredType = response.headers["content-type"];
    const contentType = typeof declaredType === "string" ? declaredType : "application/octet-stream";
    if (!READABLE_TYPES.test(contentType)) {
      discardBody(response.body);
      throw new ToolInputError(`${url} is ${contentType}, not a readable text page.`);
    }
    const body = await readPublicUrlText(response, MAX_DOWNLOAD_BYTES);
    const isHtml = /html/i.test(contentType);
    const text = isHtml ? htmlToText(body.text, response.url) : body.text.trim();
    const limit = maxCharacters ?? 20_000;
    return {
      url: response.url,
      status: response.status,
      contentType,
      title: isHtml ? extractTitle(body.text) : null,
      text: text.slice(0, limit),
      truncated: body.truncated || text.length > limit,
    };
  },
});
