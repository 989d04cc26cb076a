// Field rules shared by forms and the server, so both report the same message for the same input.
import { z } from "zod";

export const DEFAULT_INVALID_MESSAGE = "Invalid input";
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;

export const emailField = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"))
  .transform((email) => email.toLowerCase());

/** A required name, trimmed: "<label> is required", "<label> must be at most <max> characters". */
export const requiredNameField = (label: string, max = NAME_MAX_LENGTH) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const passwordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const personNameField = requiredNameField("Name");

export const organizationNameField = requiredNameField("Organization name");

export const projectNameField = requiredNameField("Project name");

export const projectDescriptionField = z
  .string()
  .trim()
  .max(500, "Description must be at most 500 characters");

/** Ids are opaque text: anything well-formed is looked up, and an unknown one is NOT_FOUND. */
export const idField = z.string().trim().min(1, DEFAULT_INVALID_MESSAGE).max(128, DEFAULT_INVALID_MESSAGE);

export const organizationRoles = ["owner", "admin", "member"] as const;
export type OrganizationRole = (typeof organizationRoles)[number];
export const invitableRoles = ["admin", "member"] as const;
export const projectRoles = ["viewer", "editor", "admin"] as const;
export type ProjectRole = (typeof projectRoles)[number];

/** An invitation's fields: who, their organization role, and the projects a member gets on accepting. */
export const invitationFields = {
  email: emailField,
  role: z.enum(invitableRoles),
  projects: z
    .array(z.object({ projectId: idField, role: z.enum(projectRoles) }))
    .max(100)
    .optional(),
};

export const apiKeyNameField = requiredNameField("Key name");

export const managementTokenNameField = requiredNameField("Token name");

/** A connection's given name ("Support inbox"); empty clears it, and the account it reaches shows. */
export const connectionLabelField = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, `Label must be at most ${NAME_MAX_LENGTH} characters`)
  .nullable();

/**
 * A project server's short name: the prefix of its tools on /mcp, the REST facade and in search
 * (`<name>_<tool>`). Engine tool names are at most 40 characters and gateway names at most 64, so 23.
 */
export const SERVER_NAME_MAX_LENGTH = 23;
export const serverNameField = requiredNameField("Server name", SERVER_NAME_MAX_LENGTH).regex(
  /^[a-z][a-z0-9_]*$/,
  "Use lowercase letters, digits and _, starting with a letter",
);

/** A path inside Portico to come back to (never another site): "/app/…" only. */
export const returnPathField = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/app(\/[^\s\\]*)?(\?[^\s\\]*)?$/, "Return path must be a page of Portico")
  .refine((path) => !path.startsWith("//") && !path.includes("/."), "Return path must be a page of Portico");

export const apiKeyKinds = ["project", "personal"] as const;
export type ApiKeyKind = (typeof apiKeyKinds)[number];
export const serverConnectionModes = ["shared", "personal"] as const;
export type ServerConnectionMode = (typeof serverConnectionModes)[number];
