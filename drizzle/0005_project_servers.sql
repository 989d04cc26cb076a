CREATE TABLE "project_server" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"integration_id" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_server_tool" (
	"server_id" text NOT NULL,
	"tool_name" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_server_tool_server_id_tool_name_pk" PRIMARY KEY("server_id","tool_name")
);
--> statement-breakpoint
ALTER TABLE "project_server" ADD CONSTRAINT "project_server_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_server" ADD CONSTRAINT "project_server_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_server_tool" ADD CONSTRAINT "project_server_tool_server_id_project_server_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."project_server"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_server_project_integration" ON "project_server" USING btree ("project_id","integration_id");--> statement-breakpoint
CREATE INDEX "project_server_integration_idx" ON "project_server" USING btree ("integration_id");