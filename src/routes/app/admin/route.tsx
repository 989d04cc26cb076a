import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/app/admin")({
  // requirements §4: only site admins; everyone else goes back to the dashboard.
  beforeLoad: ({ context }) => {
    if (context.user.role !== "admin")
      throw redirect({ to: "/app/dashboard", search: { notice: "admin-only" }, replace: true });
  },
  staticData: { crumb: "Admin" },
  component: Outlet,
});
