-- Copies every tool switch from the two old tables into tool_switch (0015), keeping each row's state and
-- time: standard tools with no server, server tools with their server's project. Plain SQL that PGlite
-- and PostgreSQL both run; the migrator wraps it in the same transaction as the other pending files.
INSERT INTO "tool_switch" ("project_id", "server_id", "tool_name", "enabled", "updated_at")
SELECT "project_id", NULL, "tool_name", "enabled", "updated_at"
FROM "project_standard_tool";
--> statement-breakpoint
INSERT INTO "tool_switch" ("project_id", "server_id", "tool_name", "enabled", "updated_at")
SELECT "project_server"."project_id", "project_server_tool"."server_id", "project_server_tool"."tool_name",
  "project_server_tool"."enabled", "project_server_tool"."updated_at"
FROM "project_server_tool"
JOIN "project_server" ON "project_server"."id" = "project_server_tool"."server_id";
