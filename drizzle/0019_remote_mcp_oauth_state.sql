ALTER TABLE "integration_oauth_state" ALTER COLUMN "credential_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_oauth_state" ADD COLUMN "registered_client" text;