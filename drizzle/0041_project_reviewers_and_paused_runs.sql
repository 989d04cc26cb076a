CREATE TABLE "project_reviewer" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_reviewer_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "project" ALTER COLUMN "protect_writes" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "agent_run" ADD COLUMN "waiting_step" jsonb;--> statement-breakpoint
ALTER TABLE "project_reviewer" ADD CONSTRAINT "project_reviewer_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reviewer" ADD CONSTRAINT "project_reviewer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reviewer" ADD CONSTRAINT "project_reviewer_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;