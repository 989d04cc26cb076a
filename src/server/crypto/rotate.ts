// Online key rotation: re-encrypts every row whose ciphertext uses an older master key with the current
// one. Row by row, each in its own short transaction holding that row's lock, so a running server keeps
// reading and writing; a row written meanwhile with the current key is simply skipped.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { type EncryptedColumn, encryptedColumns } from "./encrypted-columns.ts";
import type { Keyring } from "./envelope.ts";

export interface RotationCounts {
  table: string;
  rotated: number;
  alreadyCurrent: number;
  failed: { id: string; reason: string }[];
}

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (query: Promise<unknown>) => ((await query) as Rows).rows;
const BATCH = 100;

async function rotateRow(
  db: Database,
  keyring: Keyring,
  target: EncryptedColumn,
  id: string,
): Promise<boolean> {
  const { table, idColumn, column, keyIdColumn, contextColumns } = target;
  return db.transaction(async (tx) => {
    const columns = sql.join(
      [column, keyIdColumn, ...contextColumns].map((name) => sql.identifier(name)),
      sql`, `,
    );
    const [row] = await rowsOf(
      tx.execute(
        sql`select ${columns} from ${sql.identifier(table)} where ${sql.identifier(idColumn)} = ${id} for update`,
      ),
    );
    if (!row || row[keyIdColumn] === keyring.currentKeyId) return false;
    const context = target.context(row);
    const resealed = keyring.encrypt(keyring.decrypt(String(row[column]), context), context);
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${resealed}, ${sql.identifier(keyIdColumn)} = ${keyring.currentKeyId} where ${sql.identifier(idColumn)} = ${id}`,
    );
    return true;
  });
}

async function rotateColumn(
  db: Database,
  keyring: Keyring,
  target: EncryptedColumn,
): Promise<RotationCounts> {
  const counts: RotationCounts = { table: target.table, rotated: 0, alreadyCurrent: 0, failed: [] };
  const table = sql.identifier(target.table);
  const keyId = sql.identifier(target.keyIdColumn);
  const idColumn = sql.identifier(target.idColumn);
  let after = "";
  for (;;) {
    const batch = await rowsOf(
      db.execute(
        sql`select ${idColumn} as id from ${table} where ${keyId} <> ${keyring.currentKeyId} and ${idColumn} > ${after} order by ${idColumn} limit ${BATCH}`,
      ),
    );
    for (const { id } of batch) {
      try {
        if (await rotateRow(db, keyring, target, String(id))) counts.rotated += 1;
      } catch (error) {
        counts.failed.push({
          id: String(id),
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (batch.length < BATCH) break;
    after = String(batch.at(-1)?.id);
  }
  const [current] = await rowsOf(
    db.execute(sql`select count(*)::int as n from ${table} where ${keyId} = ${keyring.currentKeyId}`),
  );
  counts.alreadyCurrent = Number(current?.n ?? 0) - counts.rotated;
  return counts;
}

export async function rotateSecrets(db: Database, keyring: Keyring): Promise<RotationCounts[]> {
  const results: RotationCounts[] = [];
  for (const target of encryptedColumns) results.push(await rotateColumn(db, keyring, target));
  return results;
}
