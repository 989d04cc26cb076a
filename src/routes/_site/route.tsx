// Pathless layout of the public site: every page below gets the site header and footer.
import { createFileRoute, Outlet } from "@tanstack/react-router";
import { SiteLayout } from "~/components/site/site-layout.tsx";

export const Route = createFileRoute("/_site")({
  component: PublicSite,
});

function PublicSite() {
  const { user, theme } = Route.useRouteContext();
  return (
    <SiteLayout signedIn={user !== null} themePreference={theme.preference}>
      <Outlet />
    </SiteLayout>
  );
}
