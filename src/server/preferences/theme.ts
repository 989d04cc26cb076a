// Theme preference read/save (requirements §3, §4, §7). The cookie keeps it for signed-out visitors and this
// device; signed-in users also get it in user_preference so it follows them to other browsers.
import { createServerFn } from "@tanstack/react-start";
import { getCookie, getRequestHeaders, setCookie } from "@tanstack/react-start/server";
import {
  mergeThemes,
  parseTheme,
  serializeTheme,
  THEME_COOKIE,
  THEME_COOKIE_MAX_AGE,
  type Theme,
  themeSchema,
} from "../../lib/theme.ts";
import { getApp } from "../app.ts";
import { readSessionUser } from "../session/session-user.ts";
import { readUserPreference, writeUserPreference } from "./user-preference.ts";

const THEME_KEY = "theme";

export const getThemePreference = createServerFn({ method: "GET" }).handler(async (): Promise<Theme> => {
  const cookie = parseTheme(getCookie(THEME_COOKIE));
  const app = await getApp();
  const user = await readSessionUser(app, new Headers(getRequestHeaders()));
  const stored = user ? parseTheme(await readUserPreference(app.db, user.id, THEME_KEY)) : null;
  return mergeThemes(cookie, stored);
});

export const saveThemePreference = createServerFn({ method: "POST" })
  .validator(themeSchema)
  .handler(async ({ data }): Promise<Theme> => {
    const value = serializeTheme(data);
    setCookie(THEME_COOKIE, value, {
      path: "/",
      maxAge: THEME_COOKIE_MAX_AGE,
      sameSite: "lax",
      httpOnly: true,
    });
    const app = await getApp();
    const user = await readSessionUser(app, new Headers(getRequestHeaders()));
    if (user) await writeUserPreference(app.db, user.id, THEME_KEY, value);
    return parseTheme(value) ?? data;
  });
