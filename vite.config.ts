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

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: { port: Number(process.env.PORT ?? 3000) },
  plugins: [tailwindcss(), tanstackStart(), viteReact()],
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: { manualChunks: (id: string) => (framework.test(id) ? "framework" : undefined) },
        },
      },
    },
  },
});
