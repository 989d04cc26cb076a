import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackStart } from "@tanstack/react-start/plugin/vite";
import viteReact from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The framework every page needs (React, the router, Start, Query, seroval) goes into one
// browser chunk: one file compresses better than twenty small ones, which keeps the landing page's
// first load within its budget.
const framework =
  /node_modules\/(react|react-dom|scheduler|@tanstack|seroval|seroval-plugins|cookie-es|use-sync-external-store)\//;

// Framework modules only lazily loaded code uses stay out of it: TanStack Query and its SSR
// integration come with the query runtime, which static pages never load (src/lib/query-runtime.tsx).
const lazyOnlyFramework =
  /node_modules\/@tanstack\/(react-query|query-core|react-router-ssr-query|router-ssr-query-core)\//;

// The landing page's small pieces (its icons, the logo, the site navigation, integration names, the
// button styles and their class helpers) would otherwise be a dozen files of a few hundred bytes, each
// with its own import boilerplate and gzip overhead: one chunk is smaller on the wire, and the landing
// budget counts every byte.
const landingPieces =
  /(lucide-react\/dist\/esm\/icons\/(sun|moon|monitor|shield-check|users|x|check|menu|arrow-right)\.|src\/components\/brand\/logo|src\/components\/site\/(site-nav|site-layout|site-header|site-footer|site-theme-toggle)|integration-names|src\/components\/ui\/(button-variants|main-landmark)|node_modules\/(clsx|class-variance-authority)\/)/;

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: { port: Number(process.env.PORT ?? 3000) },
  plugins: [
    tailwindcss(),
    // Loaders are split out of the entry like components: the entry holds every route's unsplit
    // options, and with forty routes their loaders alone outweigh the landing page's own code. A
    // navigation fetches a route's loader chunk together with its component chunk.
    tanstackStart({
      router: {
        codeSplittingOptions: {
          defaultBehavior: [
            ["loader"],
            ["component"],
            ["pendingComponent"],
            ["errorComponent"],
            ["notFoundComponent"],
          ],
        },
      },
    }),
    viteReact(),
  ],
  // Rolldown's "plugins took N% of the build" note printed on every build and is for profiling the
  // build, not for someone starting Portico (scripts/build-if-needed.ts logs warnings and errors only).
  build: { rolldownOptions: { checks: { bundlerTimings: false } } },
  environments: {
    client: {
      build: {
        // Vite's preload helper carries every chunk's file list in the entry (3.4 KB gzipped at forty
        // routes). Start's SSR already emits modulepreload links for the page served, and links
        // preload the next route's chunks on intent, so the helper bought little for its weight.
        modulePreload: false,
        rollupOptions: {
          output: {
            manualChunks: (id: string) =>
              lazyOnlyFramework.test(id)
                ? undefined
                : framework.test(id)
                  ? "framework"
                  : landingPieces.test(id)
                    ? "landing"
                    : undefined,
          },
        },
      },
    },
  },
});
