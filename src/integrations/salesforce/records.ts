// Salesforce records by id: get, create and update through the sObject resources. Requests as documented:
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_retrieve.htm
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_sobject_create.htm
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_update_fields.htm
import { z } from "zod";
import { type CodeTool, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { additive, destructiveIdempotent, readOnly } from "../_kit/tool-annotations.ts";
import { salesforceRequest } from "./api-version.ts";
import { fieldValues, objectName, recordId } from "./shared.ts";

const fieldName = z.string().regex(/^[A-Za-z][A-Za-z0-9_.]{0,120}$/, "a field's API name");

const getRecord = defineCodeTool({
  name: "get_record",
  title: "Get a record",
  description:
    'Use to read one Salesforce record by its id, with the fields you name (all readable fields when you name none). Returns { attributes: { type, url }, Id, <fields> }. Example: {"object": "Account", "id": "001D000000INjVeIAH", "fields": ["Name", "Industry", "OwnerId"]}.',
  input: z.strictObject({
    object: objectName,
    id: recordId,
    fields: z
      .array(fieldName)
      .max(200)
      .optional()
      .describe("Field API names to return; default every field the user may read."),
  }),
  annotations: readOnly,
  async run(args, context) {
    const record = await salesforceRequest<Record<string, unknown>>(context, {
      method: "GET",
      path: `/sobjects/${args.object}/${args.id}`,
      query: { fields: args.fields?.join(",") },
    });
    return jsonResult(record);
  },
});

const createRecord = defineCodeTool({
  name: "create_record",
  title: "Create a record",
  description:
    'Use to add a Salesforce record of any object (Account, Contact, Lead, Opportunity, Task, custom objects). Fields are keyed by API name (describe_object lists them and which are required). Returns { id, success, errors }. Example: {"object": "Contact", "fields": {"FirstName": "Ana", "LastName": "Novak", "Email": "ana@example.com", "AccountId": "001D000000INjVeIAH"}}.',
  input: z.strictObject({
    object: objectName,
    fields: fieldValues("The new record's field values by API name."),
  }),
  annotations: additive,
  async run(args, context) {
    const created = await salesforceRequest<Record<string, unknown>>(context, {
      method: "POST",
      path: `/sobjects/${args.object}/`,
      body: args.fields,
    });
    return jsonResult(created);
  },
});

const updateRecord = defineCodeTool({
  name: "update_record",
  title: "Update a record",
  description:
    'Use to change fields of an existing Salesforce record, e.g. move an Opportunity to another StageName or reassign OwnerId; fields you leave out keep their value, null clears one. Returns { id, object, updated: true }. Example: {"object": "Opportunity", "id": "006D000000IRFmaIAH", "fields": {"StageName": "Closed Won", "CloseDate": "2026-03-31"}}.',
  input: z.strictObject({
    object: objectName,
    id: recordId,
    fields: fieldValues("The field values to change, by API name."),
  }),
  annotations: destructiveIdempotent,
  async run(args, context) {
    // Salesforce answers a successful update with 204 and no body.
    await salesforceRequest(context, {
      method: "PATCH",
      path: `/sobjects/${args.object}/${args.id}`,
      body: args.fields,
    });
    return jsonResult({ id: args.id, object: args.object, updated: true });
  },
});

export const recordTools: readonly CodeTool[] = [getRecord, createRecord, updateRecord];
