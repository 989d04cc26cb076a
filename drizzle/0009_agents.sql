CREATE TABLE "agent_run" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"project_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"channel" text NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'running' NOT NULL,
	"request" text NOT NULL,
	"intent" text,
	"selected_servers" jsonb,
	"plan" jsonb,
	"answer" text,
	"error" text,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"step_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "agent_run_step" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"position" integer NOT NULL,
	"tool_name" text NOT NULL,
	"server_name" text NOT NULL,
	"arguments" jsonb NOT NULL,
	"result_summary" text NOT NULL,
	"is_error" boolean NOT NULL,
	"duration_ms" integer NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "llm_credential" (
	"id" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"organization_id" text,
	"name" text NOT NULL,
	"llm_type" text NOT NULL,
	"base_url" text,
	"google_project_id" text,
	"secret" text NOT NULL,
	"secret_key_id" text NOT NULL,
	"secret_hint" text NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "llm_credential_scope_check" CHECK (("llm_credential"."scope" = 'global' and "llm_credential"."organization_id" is null) or ("llm_credential"."scope" = 'organization' and "llm_credential"."organization_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "project_agent" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"preset_id" text NOT NULL,
	"agent_type" text DEFAULT 'neo-agent' NOT NULL,
	"name" text NOT NULL,
	"tool_name" text NOT NULL,
	"llm_credential_id" text,
	"models" jsonb NOT NULL,
	"max_steps" integer DEFAULT 30 NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"allowed_server_ids" jsonb,
	"allow_standard_tools" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_agent_max_steps_check" CHECK ("project_agent"."max_steps" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "agent_run" ADD CONSTRAINT "agent_run_agent_id_project_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."project_agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_run_step" ADD CONSTRAINT "agent_run_step_run_id_agent_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."agent_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_credential" ADD CONSTRAINT "llm_credential_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_credential" ADD CONSTRAINT "llm_credential_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_agent" ADD CONSTRAINT "project_agent_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_agent" ADD CONSTRAINT "project_agent_llm_credential_id_llm_credential_id_fk" FOREIGN KEY ("llm_credential_id") REFERENCES "public"."llm_credential"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_agent" ADD CONSTRAINT "project_agent_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_run_agent_idx" ON "agent_run" USING btree ("agent_id","started_at");--> statement-breakpoint
CREATE INDEX "agent_run_organization_month_idx" ON "agent_run" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_run_step_position" ON "agent_run_step" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "llm_credential_organization_idx" ON "llm_credential" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "llm_credential_key_idx" ON "llm_credential" USING btree ("secret_key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_agent_tool_name" ON "project_agent" USING btree ("project_id","tool_name");--> statement-breakpoint
CREATE INDEX "project_agent_credential_idx" ON "project_agent" USING btree ("llm_credential_id");