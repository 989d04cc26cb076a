import { createFileRoute } from "@tanstack/react-router";
import { DefinitionReviewsPage } from "~/components/servers/definition-reviews-page.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/project/$projectId/servers/reviews")({
  head: () => seo({ title: "Tool changes to review · Portico", noindex: true }),
  component: ReviewsPage,
});

function ReviewsPage() {
  const { projectId } = Route.useParams();
  return <DefinitionReviewsPage projectId={projectId} />;
}
