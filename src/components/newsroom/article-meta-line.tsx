import { ClockIcon, MapPinIcon } from "lucide-react";
import { type ArticleMeta, articleTypeLabels, formatArticleDate, isoDate } from "~/lib/newsroom/articles.ts";

/** Type badge, date, location and read time, as the list and the article header show them. */
export function ArticleMetaLine({ article }: { article: ArticleMeta }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
      <span className="rounded-md bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">
        {articleTypeLabels[article.type]}
      </span>
      <time dateTime={isoDate(article.date)}>{formatArticleDate(article.date)}</time>
      <span className="inline-flex items-center gap-1">
        <MapPinIcon className="size-3.5" aria-hidden="true" />
        {article.location}
      </span>
      <span className="inline-flex items-center gap-1">
        <ClockIcon className="size-3.5" aria-hidden="true" />
        {article.readTime} min read
      </span>
    </div>
  );
}
