// The attributes Raynet's create (PUT) and update (POST) calls take, per record type, as its API
// reference documents them (https://app.raynetcrm.com/api/doc/index-en.html: CompanyInsertDto,
// PersonInsertDto, LeadInsertDto, BusinessCaseInsertDto, TaskInsertDto, MeetingInsertDto,
// PhoneCallInsertDto). References to other records are their numeric ids.
import { z } from "zod";

const ref = (what: string) => z.number().int().positive().describe(what);
const text = (what: string, max = 255) => z.string().max(max).describe(what);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "yyyy-MM-dd");
const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}.*)?$/, "yyyy-MM-dd HH:mm (or ISO 8601)")
  .describe("Date and time, yyyy-MM-dd HH:mm in the API user's time zone (ISO 8601 also accepted).");
const priority = z.enum(["MINOR", "DEFAULT", "CRITICAL"]).describe("MINOR, DEFAULT or CRITICAL.");
const customFields = z
  .record(z.string().min(1).max(100), z.unknown())
  .describe("Custom field values by the field's API name.");
const tags = z.array(z.string().min(1).max(100)).max(50).describe("Tag names.");

const contactInfo = z
  .strictObject({
    email: z.string().max(200).optional().describe("Email."),
    email2: z.string().max(200).optional().describe("Second email."),
    tel1: z.string().max(50).optional().describe("Phone 1."),
    tel1Type: z.string().max(50).optional().describe("Type of phone 1, e.g. mobil, práce."),
    tel2: z.string().max(50).optional().describe("Phone 2."),
    tel2Type: z.string().max(50).optional().describe("Type of phone 2."),
    www: z.string().max(200).optional().describe("Website."),
    fax: z.string().max(50).optional().describe("Fax."),
    otherContact: z.string().max(200).optional().describe("Another contact."),
    doNotSendMM: z.boolean().optional().describe("true: no marketing messages."),
  })
  .describe("Contact details.");
const address = z
  .strictObject({
    name: text("The address's name, e.g. Headquarters."),
    street: text("Street and number.").optional(),
    city: text("City.").optional(),
    province: text("Region.").optional(),
    zipCode: text("Postal code.", 20).optional(),
    country: text("Country code, e.g. CZ.", 3).optional(),
  })
  .describe("The address.");

const companyState = z
  .enum(["A_POTENTIAL", "B_ACTUAL", "C_DEFERRED", "D_UNATTRACTIVE"])
  .describe("A_POTENTIAL, B_ACTUAL, C_DEFERRED or D_UNATTRACTIVE.");
const companyRole = z
  .enum(["A_SUBSCRIBER", "B_PARTNER", "C_SUPPLIER", "D_RIVAL"])
  .describe("Relation: A_SUBSCRIBER (customer), B_PARTNER, C_SUPPLIER or D_RIVAL.");

const company = {
  name: text("The company's name (for a natural person, the full name)."),
  rating: z.enum(["A", "B", "C"]).describe("Rating: A, B or C."),
  state: companyState,
  role: companyRole,
  person: z.boolean().describe("true: the client is a natural person (then lastName is required)."),
  firstName: text("A natural person's first name."),
  lastName: text("A natural person's last name."),
  owner: ref("Owner: the id of a person who is a Raynet user."),
  regNumber: text("Registration number (IČ).", 50),
  taxNumber: text("Tax number (DIČ).", 50),
  notice: text("A note on the client.", 10_000),
  category: ref("Category id (CompanyCategory list)."),
  addresses: z
    .array(
      z.strictObject({
        address,
        contactInfo: contactInfo.optional(),
        territory: ref("Sales territory id.").optional(),
      }),
    )
    .max(20)
    .describe("Addresses with their contact details; the first is the primary one."),
  tags,
  customFields,
};

const person = {
  firstName: text("First name."),
  lastName: text("Last name."),
  titleBefore: text("Title before the name.", 50),
  titleAfter: text("Title after the name.", 50),
  owner: ref("Owner: the id of a person who is a Raynet user."),
  contactInfo,
  relationship: z
    .strictObject({
      company: ref("The company id."),
      type: text("The person's position there, e.g. Purchasing manager.").optional(),
      notice: text("A note on the relationship.", 2000).optional(),
    })
    .describe("The person's relationship to a company."),
  notice: text("A note on the person.", 10_000),
  tags,
};

const lead = {
  topic: text("What the lead is about."),
  priority,
  companyName: text("The lead's company name."),
  regNumber: text("Registration number (IČ).", 50),
  firstName: text("Contact's first name."),
  lastName: text("Contact's last name."),
  owner: ref("Owner: the id of a person who is a Raynet user."),
  leadPhase: ref("Lead phase id."),
  contactSource: ref("Contact source id."),
  contactInfo,
  notice: text("A note.", 10_000),
  customFields,
};

const businessCase = {
  name: text("The business case's name."),
  company: ref("The client company id."),
  person: ref("The contact person id."),
  owner: ref("Owner: the id of a person who is a Raynet user."),
  totalAmount: z.number().describe("Total amount."),
  estimatedValue: z.number().describe("Estimated value."),
  probability: z.number().int().min(0).max(100).describe("Probability of success in percent."),
  validFrom: date.describe("Valid from, yyyy-MM-dd."),
  businessCasePhase: ref("Phase id (a pipeline stage)."),
  currency: ref("Currency id."),
  description: text("Description.", 10_000),
  tags,
  customFields,
};

const activity = {
  title: text("What the activity is."),
  priority,
  owner: ref("Owner: the id of a person who is a Raynet user."),
  company: ref("The linked company id."),
  person: ref("The linked person id."),
  businessCase: ref("The linked business case id."),
  lead: ref("The linked lead id."),
  category: ref("Activity category id."),
  scheduledFrom: dateTime,
  scheduledTill: dateTime,
  completed: dateTime,
  description: text("Description.", 10_000),
  solution: text("The outcome.", 10_000),
  tags,
};

export const RecordsSchemas = {
  dateTime,
  companyState,
  companyRole,
  activityStatus: z
    .enum(["NEW", "SCHEDULED", "COMPLETED", "CANCELLED"])
    .describe("NEW, SCHEDULED, COMPLETED or CANCELLED."),
  leadStatus: z.enum(["B_ACTIVE", "D_DONE", "G_STORNO"]).describe("B_ACTIVE, D_DONE or G_STORNO."),
  businessCaseStatus: z
    .enum(["B_ACTIVE", "E_WIN", "F_LOST", "G_STORNO"])
    .describe("B_ACTIVE, E_WIN, F_LOST or G_STORNO."),
  company,
  person,
  lead,
  businessCase,
  task: {
    ...activity,
    resolver: ref("Who is to do it: the id of a person who is a Raynet user."),
    deadline: dateTime,
  },
  meeting: activity,
  phoneCall: activity,
};
