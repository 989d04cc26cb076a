// GET /me of the fake Graph, from the user-get reference (https://learn.microsoft.com/graph/api/user-get):
// the signed-in user (the token's, `identities`, else the default `me`), its default properties or the
// ones $select names.

import { json } from "../http-fake.ts";
import { type GraphRequest, type Handled, NOT_MINE, selected } from "./state.ts";

export function handleMe(graph: GraphRequest): Handled {
  if (!graph.is("GET", /^\/me$/)) return NOT_MINE;
  const user = { ...graph.fake.me, ...graph.fake.identities.get(graph.token) };
  return json(graph.response, 200, {
    "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users/$entity",
    ...selected(graph.request, user),
  });
}
