// The words for a request that got no answer at all. A file of its own: lazy-error-views.tsx shows them
// in every first load, without the rest of the error copy (error-copy.ts, which hands them on).
export const CONNECTION_MESSAGE = "Could not reach the server. Check your connection and try again.";
