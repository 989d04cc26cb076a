// A list route of the management API: GET, paged with `?limit=&cursor=`, answering one page, by id, of
// a list the service reads whole (paging.ts). Every short list (projects, members, keys, servers, …)
// follows that rule, so a declaration names only what is its own: where it is, what it lists, how to
// load the list and how one item goes over the wire.
import type { z } from "zod";
import type { ManagementCaller } from "../manage-tokens/index.ts";
import type { ManageApi } from "./manage-env.ts";
import { type familyOperations, json } from "./operation.ts";
import { type PageQuery, pageById, pageQuerySchema, pageSchema } from "./paging.ts";

export interface ListRoute<Params extends z.ZodObject, Row extends { id: string }, Item extends z.ZodObject> {
  path: string;
  operationId: string;
  summary: string;
  /** The path's parameters, for a project's lists; none for the organization's own. */
  params?: Params;
  /** What one item is, its page's schema id, and what the items are called: "A page of <noun>, by id." */
  page: { item: Item; id: string; noun: string };
  load: (caller: ManagementCaller, params: z.output<Params>) => Promise<readonly Row[]>;
  toItem: (row: Row) => z.output<Item>;
}

interface Validated<Params> {
  valid(target: "param"): Params;
  valid(target: "query"): PageQuery;
}

export function registerListRoute<
  Row extends { id: string },
  Item extends z.ZodObject,
  Params extends z.ZodObject = z.ZodObject<Record<never, never>>,
>(api: ManageApi, operation: ReturnType<typeof familyOperations>, route: ListRoute<Params, Row, Item>) {
  const { params, page } = route;
  // The organization's own lists have no path parameters: the organization is the caller's.
  const request: { params?: Params; query: typeof pageQuerySchema } = params
    ? { params, query: pageQuerySchema }
    : { query: pageQuerySchema };
  api.openapi(
    operation("read", {
      method: "get",
      path: route.path,
      operationId: route.operationId,
      summary: route.summary,
      request,
      responses: { 200: json(pageSchema(page.item, page.id), `A page of ${page.noun}, by id.`) },
    }),
    async (c) => {
      // Hono cannot work out the validated inputs of a route whose schemas are type parameters: they are
      // those schemas' outputs, as for any route.
      const req = c.req as unknown as Validated<z.output<Params>>;
      const rows = await route.load(c.var.caller, req.valid("param"));
      return c.json(pageById(rows, req.valid("query"), route.toItem), 200);
    },
  );
}
