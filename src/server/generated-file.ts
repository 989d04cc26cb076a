// A generated development secret is written once and then only read. Several server processes may start
// at the same moment (WEB_CONCURRENCY): each writes its candidate to a private temporary file and links
// it into place, which succeeds for exactly one of them; the others read the winner's content. A plain
// exists-then-write would let two processes each keep a different secret.
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The file's content, creating it with `generate()` first when it does not exist yet. */
export function readOrCreateOnce(
  file: string,
  generate: () => string,
): { content: string; created: boolean } {
  try {
    return { content: readFileSync(file, "utf8"), created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const candidate = generate();
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, candidate, { mode: 0o600 });
  try {
    linkSync(temporary, file);
    return { content: candidate, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { content: readFileSync(file, "utf8"), created: false };
  } finally {
    rmSync(temporary, { force: true });
  }
}
