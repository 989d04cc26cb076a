import { describe, expect, it } from "vitest";
import { articles, cardTags, formatArticleDate, LAUNCH_ARTICLE_ID } from "../../lib/newsroom/articles.ts";
import { articleWordCount, renderArticle } from "./render-article.ts";

describe("newsroom", () => {
  it("has the launch announcement: a press release, 5 min read", () => {
    expect(articles).toHaveLength(1);
    const [launch] = articles;
    expect(launch).toMatchObject({ id: LAUNCH_ARTICLE_ID, type: "press-release", readTime: 5 });
    expect(launch && formatArticleDate(launch.date)).toBe("March 17, 2026");
    expect(launch && cardTags(launch)).toHaveLength(3);
  });

  it("has about five minutes of text at a reading pace of 200–250 words a minute", () => {
    const minutes = articleWordCount(LAUNCH_ARTICLE_ID) / 225;
    expect(minutes).toBeGreaterThan(4);
    expect(minutes).toBeLessThan(6);
  });

  it("renders the markdown to HTML", () => {
    const article = renderArticle(LAUNCH_ARTICLE_ID);
    expect(article?.html).toContain("<h2>One URL per project</h2>");
    expect(article?.html).toContain('<a href="/contact">contact form</a>');
    expect(article?.html).toContain("30 years");
  });

  it("finds nothing for an unknown id", () => {
    expect(renderArticle("no-such-article")).toBeNull();
    expect(renderArticle("")).toBeNull();
  });
});
