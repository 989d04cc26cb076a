CREATE TABLE "external_user" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"external_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_call_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "external_user_connect_link" (
	"id" text PRIMARY KEY NOT NULL,
	"external_user_id" text NOT NULL,
	"project_id" text NOT NULL,
	"integration_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_user_return_url" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_user_token" (
	"id" text PRIMARY KEY NOT NULL,
	"external_user_id" text NOT NULL,
	"project_id" text NOT NULL,
	"prefix" text NOT NULL,
	"last_four" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "integration_oauth_state" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_connection" ADD COLUMN "external_user_id" text;--> statement-breakpoint
ALTER TABLE "integration_oauth_state" ADD COLUMN "external_user_id" text;--> statement-breakpoint
ALTER TABLE "external_user" ADD CONSTRAINT "external_user_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_user_connect_link" ADD CONSTRAINT "external_user_connect_link_external_user_id_external_user_id_fk" FOREIGN KEY ("external_user_id") REFERENCES "public"."external_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_user_connect_link" ADD CONSTRAINT "external_user_connect_link_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_user_return_url" ADD CONSTRAINT "external_user_return_url_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_user_token" ADD CONSTRAINT "external_user_token_external_user_id_external_user_id_fk" FOREIGN KEY ("external_user_id") REFERENCES "public"."external_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_user_token" ADD CONSTRAINT "external_user_token_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_user_project_external_id" ON "external_user" USING btree ("project_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_user_connect_link_token_hash" ON "external_user_connect_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "external_user_connect_link_user_idx" ON "external_user_connect_link" USING btree ("external_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_user_return_url_unique" ON "external_user_return_url" USING btree ("project_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "external_user_token_secret_hash" ON "external_user_token" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "external_user_token_user_idx" ON "external_user_token" USING btree ("external_user_id");--> statement-breakpoint
ALTER TABLE "integration_connection" ADD CONSTRAINT "integration_connection_external_user_id_external_user_id_fk" FOREIGN KEY ("external_user_id") REFERENCES "public"."external_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_oauth_state" ADD CONSTRAINT "integration_oauth_state_external_user_id_external_user_id_fk" FOREIGN KEY ("external_user_id") REFERENCES "public"."external_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connection_external_unique" ON "integration_connection" USING btree ("organization_id","provider","external_user_id") WHERE "integration_connection"."external_user_id" is not null;