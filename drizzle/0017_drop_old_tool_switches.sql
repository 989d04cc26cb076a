DROP TABLE "project_standard_tool" CASCADE;--> statement-breakpoint
DROP TABLE "project_server_tool" CASCADE;