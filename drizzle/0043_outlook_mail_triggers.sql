CREATE TABLE "agent_mail_subscription" (
	"trigger_id" text PRIMARY KEY NOT NULL,
	"connection_id" text,
	"subscription_id" text,
	"client_state_hash" text NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"renewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_mail_subscription" ADD CONSTRAINT "agent_mail_subscription_trigger_id_agent_trigger_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."agent_trigger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_mail_subscription" ADD CONSTRAINT "agent_mail_subscription_connection_id_integration_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connection"("id") ON DELETE set null ON UPDATE no action;