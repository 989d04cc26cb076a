CREATE TABLE "integration_credential" (
	"id" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"organization_id" text,
	"provider" text NOT NULL,
	"auth_flow" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text NOT NULL,
	"secret_key_id" text NOT NULL,
	"secret_hints" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_user_id" text,
	"updated_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_credential_scope_check" CHECK (("integration_credential"."scope" = 'global' and "integration_credential"."organization_id" is null) or ("integration_credential"."scope" = 'organization' and "integration_credential"."organization_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "integration_credential" ADD CONSTRAINT "integration_credential_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_credential" ADD CONSTRAINT "integration_credential_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_credential" ADD CONSTRAINT "integration_credential_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_credential_organization_unique" ON "integration_credential" USING btree ("organization_id","provider","auth_flow") WHERE "integration_credential"."scope" = 'organization';--> statement-breakpoint
CREATE UNIQUE INDEX "integration_credential_global_unique" ON "integration_credential" USING btree ("provider","auth_flow") WHERE "integration_credential"."scope" = 'global';--> statement-breakpoint
CREATE INDEX "integration_credential_key_idx" ON "integration_credential" USING btree ("secret_key_id");