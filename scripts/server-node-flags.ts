// The Node.js flags the server runs with. package.json's "start" spells them out (a test keeps the two
// equal); the benchmark and the tests start scripts/serve.ts with these, the way `npm start` does.
//
// --experimental-async-context-frame: AsyncLocalStorage (TanStack Start's request context, among
// others) without async_hooks. Node 22's default implementation runs a hook on every promise and async
// resource, and stores the context on each: ~15 % of the request thread's CPU per fetch_web_page call
// (the request thread's CPU per call divided by the upstream's, as a yardstick for the machine's speed
// at the time: 4.2-4.65 with the flag, 5.0-5.4 without, over 4 runs each). Node 24 makes it the default.
export const SERVER_NODE_FLAGS = ["--experimental-async-context-frame"];
