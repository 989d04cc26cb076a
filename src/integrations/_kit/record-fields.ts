// The inputs of a pack's create and update tools, made from one description of a record's fields
// (Pipedrive, Raynet, Caflou): creating requires only the fields the provider requires, and updating
// takes every field as optional, since the fields left out keep their value.
import type { z } from "zod";

/** The fields of a create tool: those named in `required` as they are, every other one optional. */
export const createFields = (fields: z.ZodRawShape, required: readonly string[] = []): z.ZodRawShape =>
  Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      required.includes(key) ? field : (field as z.ZodType).optional(),
    ]),
  );

/** The fields of an update tool: every one optional. */
export const updateFields = (fields: z.ZodRawShape): z.ZodRawShape => createFields(fields);
