import { createFileRoute } from "@tanstack/react-router";
import { ApiReferenceView } from "~/components/docs/api-reference-view.tsx";
import { PageIntro } from "~/components/site/page-intro.tsx";
import { siteHead } from "~/components/site/site-head.ts";
import { getApiReference } from "~/server/manage/reference-server-fn.ts";

export const Route = createFileRoute("/_site/docs_/management-api")({
  staticData: { queryRuntime: false },
  loader: () => getApiReference(),
  head: siteHead({
    title: "Management API reference",
    description: "Portico's REST API for provisioning projects, keys, servers and users from a backend.",
    canonicalPath: "/docs/management-api",
  }),
  component: ManagementApiPage,
});

function ManagementApiPage() {
  const reference = Route.useLoaderData();
  return (
    <>
      <PageIntro eyebrow="Docs" title="Management API">
        Everything the app does for an organization, from your own backend: REST and JSON under
        /api/manage/v1, described by an OpenAPI 3.1 document.
      </PageIntro>
      <ApiReferenceView reference={reference} />
    </>
  );
}
