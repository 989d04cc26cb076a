CREATE TABLE "integration_pack_version" (
	"integration_id" text NOT NULL,
	"hash" text NOT NULL,
	"tool_hashes" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_pack_version_integration_id_hash_pk" PRIMARY KEY("integration_id","hash")
);
--> statement-breakpoint
CREATE TABLE "server_tool_pin" (
	"server_id" text NOT NULL,
	"tool_name" text NOT NULL,
	"accepted_definition" jsonb,
	"accepted_hash" text,
	"pending_definition" jsonb,
	"pending_hash" text,
	"pending_since" timestamp with time zone,
	"rejected_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_tool_pin_server_id_tool_name_pk" PRIMARY KEY("server_id","tool_name")
);
--> statement-breakpoint
ALTER TABLE "project_server" ADD COLUMN "tools_pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "server_tool_pin" ADD CONSTRAINT "server_tool_pin_server_id_project_server_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."project_server"("id") ON DELETE cascade ON UPDATE no action;