ALTER TABLE "agent_run" ADD COLUMN "continues_run_id" text;--> statement-breakpoint
ALTER TABLE "agent_run" ADD COLUMN "clarification" text;--> statement-breakpoint
ALTER TABLE "agent_run" ADD CONSTRAINT "agent_run_continues_run_id_agent_run_id_fk" FOREIGN KEY ("continues_run_id") REFERENCES "public"."agent_run"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_run_continues_run_unique" ON "agent_run" USING btree ("continues_run_id");