// The Node.js and V8 flags the server runs with: the one list. `npm start` reads it by running this
// file (`node $(node scripts/server-node-flags.ts) scripts/serve.ts`); the benchmark and the tests
// import it and start scripts/serve.ts the same way.
//
// --experimental-async-context-frame: AsyncLocalStorage (TanStack Start's request context, among
// others) without async_hooks. Node 22's default implementation runs a hook on every promise and async
// resource, and stores the context on each: ~15 % of the request thread's CPU per fetch_web_page call
// (the request thread's CPU per call divided by the upstream's, as a yardstick for the machine's speed
// at the time: 4.2-4.65 with the flag, 5.0-5.4 without, over 4 runs each). Node 24 makes it the default.
//
// --max-semi-space-size=64: a young generation of up to 2 × 64 MB instead of 2 × 16 MB. A tools/call
// allocates ~50 KB (most of it node:http's and undici's), so at 2,000 calls a second V8 scavenged every
// ~150 ms, and each pause (1.1-1.7 ms on average, up to 5 ms) held the requests that arrived meanwhile
// and those queued behind them. A scavenge costs about what survives it, not the space's size, so a
// 4× larger space means 4× fewer pauses of about the same length: in paired runs at 2,000
// fetch_web_page calls a second, 16-17 scavenges per 10 s instead of 64-66, GC time 23-29 ms instead
// of 67-76, the request thread's CPU per call 5-10 % lower, and 35-45 % fewer requests slower than
// 2.5 ms. The price is up to ~100 MB more memory for the young generation under load.
//
// --no-allocation-site-pretenuring: keeps V8 from allocating objects of "long-lived" allocation sites
// straight into the old generation. Every request creates timers that outlive it briefly (node:http's
// and undici's keep-alive timers), each holding the request's AsyncLocalStorage store; V8 pretenured
// them, and a dead timer in the old generation keeps its store (the whole request) alive through every
// young-generation collection. At 2,000 fetch_web_page calls a second that promoted ~2 MB per
// collection and made each one 4-7 ms; without pretenuring, 0.3 MB and ~2 ms.
export const SERVER_NODE_FLAGS = [
  "--experimental-async-context-frame",
  "--max-semi-space-size=64",
  "--no-allocation-site-pretenuring",
];

// Run directly, it prints the flags for the shell (package.json's "start").
if (import.meta.main) console.log(SERVER_NODE_FLAGS.join(" "));
