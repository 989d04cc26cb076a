import { createFileRoute, redirect } from "@tanstack/react-router";

/** The project's docs start with the most common client. */
export const Route = createFileRoute("/app/project/$projectId/platform-docs/")({
  beforeLoad: ({ params }) => {
    throw redirect({
      to: "/app/project/$projectId/platform-docs/$platform",
      params: { projectId: params.projectId, platform: "claude-code" },
      replace: true,
    });
  },
});
