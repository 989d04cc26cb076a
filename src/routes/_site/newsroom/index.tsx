import { createFileRoute, Link } from "@tanstack/react-router";
import { NewspaperIcon } from "lucide-react";
import { ArticleMetaLine } from "~/components/newsroom/article-meta-line.tsx";
import { PageIntro } from "~/components/site/page-intro.tsx";
import { siteHead } from "~/components/site/site-head.ts";
import { articles, cardTags } from "~/lib/newsroom/articles.ts";

export const Route = createFileRoute("/_site/newsroom/")({
  staticData: { queryRuntime: false },
  head: siteHead({
    title: "Newsroom",
    description: "News, press releases and product updates from Portico.",
    keywords: ["Portico news", "press release", "MCP platform launch"],
    canonicalPath: "/newsroom",
  }),
  component: Newsroom,
});

function Newsroom() {
  return (
    <>
      <PageIntro eyebrow="Newsroom" title="News from Portico">
        Announcements, product updates and press releases.
      </PageIntro>
      <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-12 sm:px-6">
        <ul className="flex flex-col gap-6" data-testid="articles">
          {articles.map((article) => (
            <li key={article.id}>
              <article className="relative flex flex-col gap-4 rounded-xl border bg-card p-6 transition-colors focus-within:ring-[3px] focus-within:ring-ring/50 hover:border-primary/50">
                <ArticleMetaLine article={article} />
                <h2 className="text-xl font-semibold tracking-tight sm:text-2xl">
                  <Link
                    to="/newsroom/$articleId"
                    params={{ articleId: article.id }}
                    className="outline-none after:absolute after:inset-0"
                  >
                    {article.title}
                  </Link>
                </h2>
                <p className="text-muted-foreground">{article.excerpt}</p>
                <ul className="flex flex-wrap gap-2" aria-label="Tags">
                  {cardTags(article).map((tag) => (
                    <li key={tag} className="rounded-full border px-2.5 py-0.5 text-xs">
                      {tag}
                    </li>
                  ))}
                </ul>
              </article>
            </li>
          ))}
        </ul>
        <p className="flex items-center gap-3 rounded-xl border border-dashed p-5 text-sm text-muted-foreground">
          <NewspaperIcon className="size-5 shrink-0" aria-hidden="true" />
          More articles are coming soon. For press questions, write to us through the{" "}
          <Link to="/contact" search={{ topic: "press" }} className="font-medium text-primary underline">
            contact form
          </Link>
          .
        </p>
      </div>
    </>
  );
}
