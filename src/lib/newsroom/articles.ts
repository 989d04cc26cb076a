// Newsroom articles (requirements §3): the metadata the list and the article header show. The markdown bodies
// live on the server (src/server/newsroom) and are rendered there, so the browser never loads a
// markdown parser.
export interface ArticleDate {
  day: number;
  month: number;
  year: number;
}

export type ArticleType = "press-release" | "product-update" | "company-news";

export interface ArticleMeta {
  id: string;
  title: string;
  type: ArticleType;
  date: ArticleDate;
  location: string;
  excerpt: string;
  ogImage: string;
  tags: string[];
  /** Minutes, as shown ("5 min read"). */
  readTime: number;
}

export const articleTypeLabels: Record<ArticleType, string> = {
  "press-release": "Press release",
  "product-update": "Product update",
  "company-news": "Company news",
};

export const LAUNCH_ARTICLE_ID = "portico-launches-mcp-integration-platform";

export const articles: ArticleMeta[] = [
  {
    id: LAUNCH_ARTICLE_ID,
    title: "Portico launches to connect AI agents to business data through the Model Context Protocol",
    type: "press-release",
    date: { day: 17, month: 3, year: 2026 },
    location: "Prague, Czech Republic",
    excerpt:
      "Portico opens to teams today: one MCP endpoint per project that gives AI agents governed access to email, calendars, files, CRM, project management, HR and web search — with API keys or OAuth, and an orchestrating agent called Neo.",
    ogImage: "/social-card.png",
    tags: ["Launch", "Model Context Protocol", "AI agents", "Integrations"],
    readTime: 5,
  },
];

export const findArticle = (id: string) => articles.find((article) => article.id === id);

/** "March 17, 2026" — fixed to English and UTC so the server and the browser print the same text. */
export function formatArticleDate(date: ArticleDate): string {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** "2026-03-17" for <time dateTime>. */
export const isoDate = (date: ArticleDate) =>
  `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;

/** Up to three tags on cards (requirements §2). */
export const cardTags = (article: ArticleMeta) => article.tags.slice(0, 3);
