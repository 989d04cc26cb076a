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

// The landing page's small pieces (its icons, the logo, the site navigation, integration names) would
// otherwise be eight files of a few hundred bytes, each with its own import boilerplate and gzip
// overhead: one chunk is smaller on the wire, and the landing budget counts every byte.
const landingPieces =
  /(lucide-react\/dist\/esm\/icons\/(sun|moon|monitor|shield-check|users|x|check|menu)\.|src\/components\/brand\/logo|src\/components\/site\/site-nav|integration-names)/;

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: { port: Number(process.env.PORT ?? 3000) },
  plugins: [tailwindcss(), tanstackStart(), viteReact()],
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            manualChunks: (id: string) =>
              framework.test(id) ? "framework" : landingPieces.test(id) ? "landing" : undefined,
          },
        },
      },
    },
  },
});
