import { createFileRoute, Link, notFound } from "@tanstack/react-router";
import { ArrowLeftIcon } from "lucide-react";
import { ArticleMetaLine } from "~/components/newsroom/article-meta-line.tsx";
import { seo } from "~/lib/seo.ts";
import { getNewsroomArticle } from "~/server/newsroom/get-article.ts";

export const Route = createFileRoute("/_site/newsroom/$articleId")({
  staticData: { queryRuntime: false },
  // requirements §2: a built-in article by id; an unknown id is the not-found page (HTTP 404).
  loader: async ({ params }) => {
    const article = await getNewsroomArticle({ data: { id: params.articleId } });
    if (!article) throw notFound();
    return article;
  },
  head: ({ loaderData, match }) =>
    loaderData
      ? seo({
          title: loaderData.title,
          description: loaderData.excerpt,
          keywords: loaderData.tags,
          image: loaderData.ogImage,
          canonicalPath: `/newsroom/${loaderData.id}`,
          baseUrl: match.context.clientConfig.baseUrl,
        })
      : seo({ title: "Not Found", noindex: true }),
  component: ArticlePage,
});

function ArticlePage() {
  const article = Route.useLoaderData();
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-12 sm:px-6">
      <Link
        to="/newsroom"
        className="inline-flex w-fit items-center gap-1 rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" /> Newsroom
      </Link>
      <header className="flex flex-col gap-4">
        <ArticleMetaLine article={article} />
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{article.title}</h1>
        <p className="text-lg text-muted-foreground">{article.excerpt}</p>
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {article.tags.map((tag) => (
            <li key={tag} className="rounded-full border px-2.5 py-0.5 text-xs">
              {tag}
            </li>
          ))}
        </ul>
      </header>
      <div
        className="article-body flex flex-col gap-4 leading-relaxed [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_h2]:mt-6 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: built-in article, rendered from our own markdown on the server
        dangerouslySetInnerHTML={{ __html: article.html }}
      />
    </article>
  );
}
