import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { AppShell } from "~/components/app-shell/app-shell.tsx";

export const Route = createFileRoute("/app")({
  // requirements §4: no user → /sign-in, coming back here afterwards.
  beforeLoad: ({ context, location }) => {
    if (!context.user) throw redirect({ to: "/sign-in", search: { redirect: location.href } });
    // Narrows the type for every /app route: `context.user` is never null below this point.
    return { user: context.user };
  },
  // requirements §2: all /app pages are marked no-index.
  head: () => ({ meta: [{ name: "robots", content: "noindex, nofollow" }] }),
  component: AppLayout,
});

function AppLayout() {
  const { user, theme } = Route.useRouteContext();
  return (
    <AppShell user={user} themePreference={theme.preference}>
      <Outlet />
    </AppShell>
  );
}
