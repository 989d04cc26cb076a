CREATE TABLE "tool_approval" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"tool_name" text NOT NULL,
	"server_id" text,
	"server_name" text NOT NULL,
	"channel" text NOT NULL,
	"arguments" jsonb NOT NULL,
	"summary" text NOT NULL,
	"decided_by_policy" text NOT NULL,
	"principal" jsonb NOT NULL,
	"requested_by" text,
	"caller_name" text NOT NULL,
	"agent_run_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_by_name" text,
	"reason" text,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"ran_at" timestamp with time zone,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_policy" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"target_kind" text NOT NULL,
	"target" text NOT NULL,
	"action" text NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tool_call" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "protect_writes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "allow_self_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_approval" ADD CONSTRAINT "tool_approval_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_approval" ADD CONSTRAINT "tool_approval_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_approval" ADD CONSTRAINT "tool_approval_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_policy" ADD CONSTRAINT "tool_policy_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_policy" ADD CONSTRAINT "tool_policy_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_approval_project_status_idx" ON "tool_approval" USING btree ("project_id","status","created_at");--> statement-breakpoint
CREATE INDEX "tool_approval_organization_idx" ON "tool_approval" USING btree ("organization_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_policy_target" ON "tool_policy" USING btree ("project_id","target_kind","target");