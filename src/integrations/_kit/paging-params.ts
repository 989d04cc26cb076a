// Tool parameters for lists paged by number, in the words every such tool uses: the page asked for
// and how many items a page holds.
import { z } from "zod";

export const pageNumber = z
  .number()
  .int()
  .min(1)
  .default(1)
  .describe("Page number, from 1: the next_page of the previous answer.");

export const itemsPerPage = (most: number, fallback: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(most)
    .default(fallback)
    .describe(`Items per page (1–${most}, default ${fallback}).`);
