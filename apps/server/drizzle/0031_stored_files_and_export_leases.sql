CREATE TABLE "stored_file_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"chunks" integer DEFAULT 0 NOT NULL,
	"sha256" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "stored_files_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "file_id" integer;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "runner" text;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE set null ON UPDATE no action;