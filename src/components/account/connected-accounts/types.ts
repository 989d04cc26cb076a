import type { RouterOutputs } from "~/lib/trpc.ts";

export type MyOrganizationConnections =
  RouterOutputs["integrations"]["connections"]["getMyConnections"][number];
export type MyConnection = MyOrganizationConnections["connections"][number];
export type WaitingConnection = MyOrganizationConnections["waiting"][number];
export type ServerUse = MyConnection["usedBy"][number];
