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

export const passwordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const personNameField = z
  .string()
  .trim()
  .min(1, "Name is required")
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`);

export const organizationNameField = z
  .string()
  .trim()
  .min(1, "Organization name is required")
  .max(NAME_MAX_LENGTH, `Organization name must be at most ${NAME_MAX_LENGTH} characters`);

export const projectNameField = z
  .string()
  .trim()
  .min(1, "Project name is required")
  .max(NAME_MAX_LENGTH, `Project name must be at most ${NAME_MAX_LENGTH} characters`);

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

export const apiKeyNameField = z
  .string()
  .trim()
  .min(1, "Key name is required")
  .max(NAME_MAX_LENGTH, `Key name must be at most ${NAME_MAX_LENGTH} characters`);

export const managementTokenNameField = z
  .string()
  .trim()
  .min(1, "Token name is required")
  .max(NAME_MAX_LENGTH, `Token name must be at most ${NAME_MAX_LENGTH} characters`);

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
export const serverNameField = z
  .string()
  .trim()
  .min(1, "Server name is required")
  .max(SERVER_NAME_MAX_LENGTH, `Server name must be at most ${SERVER_NAME_MAX_LENGTH} characters`)
  .regex(/^[a-z][a-z0-9_]*$/, "Use lowercase letters, digits and _, starting with a letter");

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
