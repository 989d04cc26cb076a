import type { QueryClient } from "@tanstack/react-query";
import {
  createRootRouteWithContext,
  HeadContent,
  Outlet,
  Scripts,
  useRouter,
  useRouterState,
} from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { fallbackPageTitle } from "~/components/errors/page-title.ts";
import { initErrorReporting, setReportedUser } from "~/components/errors/report.ts";
import { useResolvedTheme } from "~/components/theme/use-resolved-theme.ts";
import { DeferredToaster } from "~/components/ui/deferred-toaster.tsx";
import { TimeZoneProvider } from "~/components/ui/time-zone-context.tsx";
import { type PageMatches, pageUsesQueryRuntime, type QueryRuntimeHolder } from "~/lib/query-runtime.tsx";
import { seo } from "~/lib/seo.ts";
import { DEFAULT_THEME, themeBootScript } from "~/lib/theme.ts";
import { requestTimeZone } from "~/lib/time-zone.ts";
import type { TRPC } from "~/lib/trpc.ts";
import { getThemePreference } from "~/server/preferences/theme.ts";
import type { ClientConfig } from "~/server/session/get-client-config.ts";
import { getSession } from "~/server/session/get-session.ts";
import type { SessionUser } from "~/server/session/session-user.ts";
import appCss from "../styles.css?url";

export interface RouterContext {
  /** In loaders of pages that use TanStack Query and tRPC (all but those marked static). */
  queryClient: QueryClient;
  trpc: TRPC;
  query: QueryRuntimeHolder;
  loadClientConfig: () => Promise<ClientConfig>;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // requirements §2: the session and the theme preference are loaded before every route.
  beforeLoad: async (options) => {
    const { context } = options;
    const [user, theme, clientConfig] = await Promise.all([
      getSession(),
      getThemePreference(),
      context.loadClientConfig(),
      // TanStack Query and tRPC, before the page's loaders and components need them; static pages
      // (the landing page) go without (lib/query-runtime.tsx).
      pageUsesQueryRuntime(options as unknown as PageMatches) ? context.query.load() : undefined,
    ]);
    // The time zone dates are shown in (components/ui/date-time.tsx): from a cookie, no round trip.
    return { user, theme, clientConfig, timeZone: requestTimeZone() };
  },
  head: ({ match, matches }) => {
    const page = seo({
      // Pages set their own titles; a 404 or a failed load has none to set, so it is named here.
      title: fallbackPageTitle(matches),
      description: "Connect AI agents to your business data through the Model Context Protocol.",
      baseUrl: match.context.clientConfig?.baseUrl,
    });
    return {
      meta: [
        { charSet: "utf-8" },
        { name: "viewport", content: "width=device-width, initial-scale=1" },
        ...page.meta,
      ],
      links: [
        { rel: "stylesheet", href: appCss },
        { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
        ...page.links,
      ],
    };
  },
  shellComponent: RootDocument,
  component: Outlet,
});

function RootDocument({ children }: { children: ReactNode }) {
  // Read through the router state: when the root beforeLoad itself failed, the context has no theme.
  const context = useRouterState({ select: (state) => state.matches[0]?.context });
  const theme = useResolvedTheme(context?.theme ?? DEFAULT_THEME);
  const preference = context?.theme?.preference ?? DEFAULT_THEME.preference;
  useErrorReporting(context?.clientConfig, context?.user ?? null);

  return (
    <html
      lang="en"
      className={theme}
      data-theme-preference={preference}
      style={{ colorScheme: theme }}
      suppressHydrationWarning
    >
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant script, fixes the theme before paint */}
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <HeadContent />
      </head>
      <body>
        <TimeZoneProvider initial={context?.timeZone ?? "UTC"}>{children}</TimeZoneProvider>
        <DeferredToaster theme={theme} />
        <Scripts />
      </body>
    </html>
  );
}

/** Starts Sentry from the runtime config and keeps the reported user in step with the session. */
function useErrorReporting(config: ClientConfig | undefined, user: SessionUser | null) {
  const router = useRouter();
  useEffect(() => {
    if (config) initErrorReporting(config, router);
  }, [config, router]);
  useEffect(() => {
    setReportedUser(user);
  }, [user]);
}
