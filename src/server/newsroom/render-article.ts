// Renders a built-in newsroom article's markdown to HTML. Only the server loads this module (the server
// function imports it lazily), so the markdown parser and the article text stay out of the browser.
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
