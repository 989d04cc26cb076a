// The app of one test file: `const app = await appForFile();` at the top of the file opens it (on a fresh
// database) while the file is collected and closes it after the file's tests, so no file repeats the
// beforeAll/afterAll pair. Hooks the file adds later run before this close (vitest runs after-hooks
// in reverse order), so clients opened on the app close first.
import { afterAll } from "vitest";
import type { AppOptions } from "~/server/app.ts";
import type { App } from "~/server/app-services.ts";
import { createTestApp } from "./app.ts";

export async function appForFile(
  overrides: Record<string, string> = {},
  options: AppOptions = {},
): Promise<App> {
  const app = await createTestApp(overrides, options);
  afterAll(() => app.database.close());
  return app;
}
