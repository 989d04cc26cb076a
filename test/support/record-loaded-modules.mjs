// Preloaded into a server under test (NODE_OPTIONS=--import): when the process exits, writes the
// CommonJS modules it loaded to LOADED_MODULES_FILE, one path a line, so a test can see which build of
// a library the server ran.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
process.on("exit", () => {
  writeFileSync(process.env.LOADED_MODULES_FILE, Object.keys(require.cache).join("\n"));
});
