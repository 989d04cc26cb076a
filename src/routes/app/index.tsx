import { createFileRoute, redirect } from "@tanstack/react-router";

// /app (and /app/, which the server first turns into /app) opens the dashboard (requirements §2).
export const Route = createFileRoute("/app/")({
  beforeLoad: () => {
    throw redirect({ to: "/app/dashboard", replace: true });
  },
});
