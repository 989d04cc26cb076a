CREATE TABLE "mcp_task" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"project_id" text NOT NULL,
	"owner" text NOT NULL,
	"tool_name" text NOT NULL,
	"approval_id" text,
	"status" text NOT NULL,
	"status_message" text,
	"result" jsonb,
	"ttl_ms" integer,
	"poll_interval_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mcp_task" ADD CONSTRAINT "mcp_task_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_task" ADD CONSTRAINT "mcp_task_approval_id_tool_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."tool_approval"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcp_task_owner_idx" ON "mcp_task" USING btree ("project_id","owner","created_at");--> statement-breakpoint
CREATE INDEX "mcp_task_expires_idx" ON "mcp_task" USING btree ("expires_at");