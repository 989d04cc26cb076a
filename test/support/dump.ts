// A text dump of every row of every table in the public schema: what an attacker with a database
// backup would read. Tests search it for secrets that must only ever be stored encrypted.
import { sql } from "drizzle-orm";
import type { Database } from "~/server/db/client.ts";

type Rows = { rows: Record<string, unknown>[] };

export async function dumpDatabase(db: Database): Promise<string> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as Rows;
  const parts: string[] = [];
  for (const { table_name: name } of tables.rows) {
    const rows = (await db.execute(sql`select * from ${sql.identifier(String(name))}`)) as unknown as Rows;
    parts.push(`-- ${name}\n${JSON.stringify(rows.rows)}`);
  }
  return parts.join("\n");
}
