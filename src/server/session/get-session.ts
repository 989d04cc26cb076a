// Session fetch run before every route (requirements §2 "Root behaviour", §7): the user or null.
import { createServerFn } from "@tanstack/react-start";
import { getRequestHeaders } from "@tanstack/react-start/server";
import { getApp } from "../app.ts";
import { readSessionUser } from "./session-user.ts";

export const getSession = createServerFn({ method: "GET" }).handler(async () =>
  readSessionUser(await getApp(), new Headers(getRequestHeaders())),
);
