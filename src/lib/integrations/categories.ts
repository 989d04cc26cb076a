// The catalogue's categories, in its order. A file of its own: the landing page ships them
// (site/integration-names.ts) and nothing else of types.ts.
export const categories = [
  "Sales & Marketing Tools",
  "Communication & Collaboration",
  "Project Management",
  "Cloud Storage",
  "Calendar & Scheduling",
  "Human Resources",
] as const;
export type Category = (typeof categories)[number];
