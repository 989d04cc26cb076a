CREATE TABLE "agent_trigger" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"project_id" text NOT NULL,
	"created_by" text NOT NULL,
	"name" text NOT NULL,
	"source" text DEFAULT 'webhook' NOT NULL,
	"request" text NOT NULL,
	"secret_hash" text NOT NULL,
	"deliver_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_triggered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_trigger_delivery" (
	"trigger_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"run_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_run" ADD COLUMN "trigger_id" text;--> statement-breakpoint
ALTER TABLE "agent_run" ADD COLUMN "tool_list_tokens" jsonb;--> statement-breakpoint
ALTER TABLE "agent_schedule" ADD COLUMN "deliver_to" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_trigger" ADD CONSTRAINT "agent_trigger_agent_id_project_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."project_agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_trigger" ADD CONSTRAINT "agent_trigger_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_trigger" ADD CONSTRAINT "agent_trigger_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_trigger_delivery" ADD CONSTRAINT "agent_trigger_delivery_trigger_id_agent_trigger_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."agent_trigger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_trigger_delivery" ADD CONSTRAINT "agent_trigger_delivery_run_id_agent_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."agent_run"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_trigger_agent_idx" ON "agent_trigger" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_trigger_delivery_unique" ON "agent_trigger_delivery" USING btree ("trigger_id","delivery_id");--> statement-breakpoint
ALTER TABLE "agent_run" ADD CONSTRAINT "agent_run_trigger_id_agent_trigger_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."agent_trigger"("id") ON DELETE set null ON UPDATE no action;