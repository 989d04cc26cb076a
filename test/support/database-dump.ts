// A plain-text dump of every row of every table in the public schema, like pg_dump's data section:
// tests search it for secrets that must never be stored readable.
import { sql } from "drizzle-orm";
import type { App } from "~/server/app.ts";

export async function dumpAllRows(app: App): Promise<string> {
  const tables = (await app.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = (await app.db.execute(sql`select * from ${sql.identifier(table_name)}`)) as unknown as {
      rows: unknown[];
    };
    parts.push(`-- ${table_name}\n${rows.rows.map((row) => JSON.stringify(row)).join("\n")}`);
  }
  return parts.join("\n");
}
