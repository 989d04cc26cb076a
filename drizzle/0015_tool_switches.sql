CREATE TABLE "tool_switch" (
	"project_id" text NOT NULL,
	"server_id" text,
	"tool_name" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tool_switch" ADD CONSTRAINT "tool_switch_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_switch" ADD CONSTRAINT "tool_switch_server_id_project_server_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."project_server"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tool_switch_standard_key" ON "tool_switch" USING btree ("project_id","tool_name") WHERE "tool_switch"."server_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tool_switch_server_key" ON "tool_switch" USING btree ("server_id","tool_name") WHERE "tool_switch"."server_id" is not null;