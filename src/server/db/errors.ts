// Recognising PostgreSQL's errors whichever driver raised them (pg, PGlite in its worker thread) and
// however Drizzle wrapped them (its DrizzleQueryError keeps the driver's error as `cause`).

/** SQLSTATE 23505: a unique index refused the row. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
