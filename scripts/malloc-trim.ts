// Gives the C heap's free pages back to the system (issue 46: idle RSS), through glibc's malloc_trim.
// glibc's free() returns memory only from the top of an arena; what V8's compilers, the embedded
// database's thread and node's buffers freed in the middle stays resident for as long as the process
// lives. An idle server, after its full collection (idle-memory-release.ts), held ~55 MB of such pages:
// RSS 319 → 266 MB when malloc_trim(0) ran in it (called from gdb). glibc offers no other way to give
// them back (MALLOC_TRIM_THRESHOLD_ and MALLOC_ARENA_MAX moved nothing: bench:idle, 313 against 304 MB).
//
// Node has no way to call a C function, so koffi (an FFI with prebuilt binaries for every platform
// node runs on) calls it. Where there is no glibc (macOS, musl) there is no malloc_trim either, and
// this returns undefined.
import { createRequire } from "node:module";

type Koffi = typeof import("koffi");

/** malloc_trim(0), or undefined where the C library has none. */
export function mallocTrim(): (() => void) | undefined {
  try {
    const koffi = createRequire(import.meta.url)("koffi") as Koffi;
    const trim = koffi.load("libc.so.6").func("int malloc_trim(size_t pad)");
    return () => trim(0);
  } catch {
    return undefined;
  }
}
