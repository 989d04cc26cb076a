// The management API's reference for the docs page, built on the server from the same document the
// API serves (no copy of it in the browser bundle).
import { createServerFn } from "@tanstack/react-start";

export const getApiReference = createServerFn({ method: "GET" }).handler(async () => {
  // Imported here, not at the top: the browser bundle keeps only this function's stub.
  const [{ apiReference }, { config }] = await Promise.all([
    import("./reference.ts"),
    import("../config.ts"),
  ]);
  return apiReference(config().baseUrl);
});
