// Cursor paging for lists the API answers: `?limit=&cursor=` in, `{ items, nextCursor }` out. The
// cursor is the last item's sort key, opaque to clients (base64url), so a page never repeats or skips
// an item when others are added before it.
import { z } from "zod";

export const PAGE_LIMIT_MAX = 100;

export const pageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_LIMIT_MAX)
    .default(50)
    .meta({
      description: `How many items, 1 to ${PAGE_LIMIT_MAX}.`,
    }),
  cursor: z.string().max(500).optional().meta({ description: "`nextCursor` of the previous page." }),
});

export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export const pageSchema = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      items: z.array(item),
      nextCursor: z
        .string()
        .nullable()
        .meta({ description: "Pass as `cursor` for the next page; null on the last." }),
    })
    .meta({ id });

export const encodeCursor = (key: string) => Buffer.from(key, "utf8").toString("base64url");
export const decodeCursor = (cursor: string) => Buffer.from(cursor, "base64url").toString("utf8");

/**
 * One page of a list read whole (a project's keys, servers, members: lists of tens), ordered by
 * `keyOf`; lists that can grow without bound (the call log) page in the database instead.
 */
export function pageOf<T>(all: readonly T[], keyOf: (item: T) => string, query: PageQuery): Page<T> {
  const sorted = [...all].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const rest = after === undefined ? sorted : sorted.filter((item) => keyOf(item) > after);
  const items = rest.slice(0, query.limit);
  const last = items.at(-1);
  return { items, nextCursor: rest.length > query.limit && last ? encodeCursor(keyOf(last)) : null };
}

/**
 * The page of a short list (see pageOf) that the API orders by id, each item in its wire form: how a
 * list route answers.
 */
export function pageById<T extends { id: string }, W>(
  all: readonly T[],
  query: PageQuery,
  toItem: (item: T) => W,
): Page<W> {
  const page = pageOf(all, (item) => item.id, query);
  return { ...page, items: page.items.map(toItem) };
}
