-- The call log, reshaped for its bulk load (see ARCHITECTURE.md, "Call log in bulk"): no foreign key
-- (its per-row check was a third of each row's cost on the embedded database), and one index, the
-- primary key, leading with (project, time) as the overview reads it. A project's rows still go with it.
ALTER TABLE "tool_call" DROP CONSTRAINT "tool_call_project_id_project_id_fk";--> statement-breakpoint
DROP INDEX "tool_call_project_time_idx";--> statement-breakpoint
ALTER TABLE "tool_call" DROP CONSTRAINT "tool_call_pkey";--> statement-breakpoint
ALTER TABLE "tool_call" ADD CONSTRAINT "tool_call_project_id_created_at_id_pk" PRIMARY KEY("project_id","created_at","id");--> statement-breakpoint
CREATE FUNCTION "tool_call_delete_for_project"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "tool_call" WHERE "project_id" = OLD."id";
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "project_deletes_tool_calls" AFTER DELETE ON "project"
  FOR EACH ROW EXECUTE FUNCTION "tool_call_delete_for_project"();
