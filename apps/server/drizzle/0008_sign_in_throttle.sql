CREATE TABLE "login_unblocks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_unblocks" ADD CONSTRAINT "login_unblocks_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_user_at_idx" ON "login_attempts" USING btree ("user_id","at");