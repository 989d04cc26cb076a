// What Salesforce's tools share: the object names, record ids and field values they accept. The API
// version they call is the instance's newest (api-version.ts).
import { z } from "zod";

export const objectName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,79}$/, "an object's API name, e.g. Account or Invoice__c")
  .describe("The object's API name, e.g. Account, Contact, Opportunity, Lead or a custom Invoice__c.");

export const recordId = z
  .string()
  .regex(/^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/, "a 15- or 18-character Salesforce id")
  .describe("The record's 15- or 18-character id, e.g. 001D000000INjVeIAH.");

export const fieldValues = (what: string) =>
  z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,79}$/, "a field's API name"),
      z.union([z.string().max(131_072), z.number(), z.boolean(), z.null()]),
    )
    .refine((values) => Object.keys(values).length > 0, "at least one field")
    .describe(what);
