// Sort preference per scope (requirements §7 "sort preference get / set"), remembered per user.
import { createServerFn } from "@tanstack/react-start";
import { getRequestHeaders, setResponseStatus } from "@tanstack/react-start/server";
import { AppError } from "../../lib/errors.ts";
import {
  DEFAULT_SORT,
  type SortOrder,
  sortOrders,
  sortPreferenceInput,
  sortScopeInput,
} from "../../lib/sort-options.ts";
import { getApp } from "../app.ts";
import { readSessionUser } from "../session/session-user.ts";
import { readUserPreference, writeUserPreference } from "./user-preference.ts";

const keyOf = (scope: string) => `sort:${scope}`;

async function requireUser() {
  const app = await getApp();
  const user = await readSessionUser(app, new Headers(getRequestHeaders()));
  if (!user) {
    setResponseStatus(401);
    throw new AppError("UNAUTHORIZED", "Sign in to continue.");
  }
  return { app, user };
}

const isSortOrder = (value: string | null): value is SortOrder =>
  value !== null && (sortOrders as readonly string[]).includes(value);

export const getSortPreference = createServerFn({ method: "GET" })
  .validator(sortScopeInput)
  .handler(async ({ data }): Promise<SortOrder> => {
    const { app, user } = await requireUser();
    const value = await readUserPreference(app.db, user.id, keyOf(data.scope));
    return isSortOrder(value) ? value : DEFAULT_SORT;
  });

export const setSortPreference = createServerFn({ method: "POST" })
  .validator(sortPreferenceInput)
  .handler(async ({ data }): Promise<SortOrder> => {
    const { app, user } = await requireUser();
    await writeUserPreference(app.db, user.id, keyOf(data.scope), data.sort);
    return data.sort;
  });
