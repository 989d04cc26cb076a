// Looks up a built-in newsroom article and renders its markdown to HTML on the server. The article text
// is ours (no user input), so the HTML is used as it is.
import { createServerFn } from "@tanstack/react-start";
import { marked } from "marked";
import { type ArticleMeta, findArticle, LAUNCH_ARTICLE_ID } from "../../lib/newsroom/articles.ts";
import { launchArticleMarkdown } from "./launch-article.ts";

const bodies: Record<string, string> = { [LAUNCH_ARTICLE_ID]: launchArticleMarkdown };

export interface RenderedArticle extends ArticleMeta {
  html: string;
}

export function renderArticle(id: string): RenderedArticle | null {
  const article = findArticle(id);
  const markdown = bodies[id];
  if (!article || markdown === undefined) return null;
  return { ...article, html: marked.parse(markdown, { async: false, gfm: true }) };
}

/** Words in the article body, for checking the advertised read time. */
export function articleWordCount(id: string): number {
  return (bodies[id] ?? "").split(/\s+/).filter(Boolean).length;
}

const validateId = (input: unknown): { id: string } => {
  const id = typeof input === "object" && input !== null ? (input as { id?: unknown }).id : undefined;
  // Unknown or malformed ids are simply not found; the length cap keeps lookups cheap.
  return { id: typeof id === "string" ? id.slice(0, 200) : "" };
};

export const getNewsroomArticle = createServerFn({ method: "GET" })
  .validator(validateId)
  .handler(({ data }) => renderArticle(data.id));
