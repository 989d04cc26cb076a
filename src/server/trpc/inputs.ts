// Inputs many procedures share: the id of the project or organization they act on, which
// projectProcedure and organizationProcedure check the caller's role in.
import { z } from "zod";
import { idField } from "../../lib/validation.ts";

export const byProject = z.object({ projectId: idField });

export const byOrganization = z.object({ organizationId: idField });
