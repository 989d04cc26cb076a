import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/lib/trpc.ts";

/** The switcher's data: the user's organizations with the projects each one lets the user open. */
export function useShellOrganizations() {
  const trpc = useTRPC();
  return useQuery(trpc.organization.getOrganizationsDetails.queryOptions());
}

export type ShellOrganization = NonNullable<ReturnType<typeof useShellOrganizations>["data"]>[number];
