-- Personal connections and several connections per provider (issue 36). Existing connections stay the
-- organization's shared ones; existing servers get their integration id as name, so tool names stay.
DROP INDEX "project_server_project_integration";--> statement-breakpoint
DROP INDEX "integration_connection_organization_provider";--> statement-breakpoint
ALTER TABLE "api_key" ADD COLUMN "kind" text DEFAULT 'project' NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_call" ADD COLUMN "connection_id" text;--> statement-breakpoint
ALTER TABLE "tool_call" ADD COLUMN "connection_label" text;--> statement-breakpoint
ALTER TABLE "integration_connection" ADD COLUMN "owner_user_id" text;--> statement-breakpoint
ALTER TABLE "integration_connection" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "integration_connection" ADD COLUMN "account_label" text;--> statement-breakpoint
ALTER TABLE "integration_connection" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "integration_oauth_state" ADD COLUMN "intent" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_oauth_state" ADD COLUMN "connection_id" text;--> statement-breakpoint
ALTER TABLE "integration_oauth_state" ADD COLUMN "return_to" text;--> statement-breakpoint
ALTER TABLE "project_server" ADD COLUMN "name" text;--> statement-breakpoint
UPDATE "project_server" SET "name" = replace("integration_id", '-', '_');--> statement-breakpoint
ALTER TABLE "project_server" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "project_server" ADD COLUMN "connection_mode" text DEFAULT 'shared' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_server" ADD COLUMN "connection_id" text;--> statement-breakpoint
ALTER TABLE "integration_connection" ADD CONSTRAINT "integration_connection_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_oauth_state" ADD CONSTRAINT "integration_oauth_state_connection_id_integration_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_server" ADD CONSTRAINT "project_server_connection_id_integration_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connection"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connection_personal_unique" ON "integration_connection" USING btree ("organization_id","provider","owner_user_id") WHERE "integration_connection"."owner_user_id" is not null;--> statement-breakpoint
CREATE INDEX "integration_connection_owner_idx" ON "integration_connection" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_server_project_name" ON "project_server" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "integration_connection_organization_provider" ON "integration_connection" USING btree ("organization_id","provider");