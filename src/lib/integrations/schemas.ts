// zod enums of the integration vocabulary, for input validation (kept apart from types.ts, which
// browser entry code may import without pulling zod in).
import { z } from "zod";
import { authFlowTypes, integrationIds, providerIds } from "./types.ts";

export const providerIdSchema = z.enum(providerIds, { message: "Unknown provider" });
export const authFlowTypeSchema = z.enum(authFlowTypes, { message: "Unknown auth flow type" });
export const integrationIdSchema = z.enum(integrationIds, { message: "Unknown integration" });
