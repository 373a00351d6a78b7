CREATE TABLE "verification_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"stage" text NOT NULL,
	"items" text[] NOT NULL,
	"result" text NOT NULL,
	"notes" text,
	"checked_by" integer NOT NULL,
	"india_date" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_checks_stage" CHECK ("verification_checks"."stage" in ('first', 'final')),
	CONSTRAINT "verification_checks_result" CHECK ("verification_checks"."result" in ('passed', 'failed')),
	CONSTRAINT "verification_checks_items" CHECK (cardinality("verification_checks"."items") between 1 and 4
        and "verification_checks"."items" <@ array['employment', 'reference', 'address', 'identity']::text[]),
	CONSTRAINT "verification_checks_failed_notes" CHECK ("verification_checks"."result" = 'passed' or coalesce(length("verification_checks"."notes"), 0) > 0)
);
--> statement-breakpoint
ALTER TABLE "verification_checks" ADD CONSTRAINT "verification_checks_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_checks" ADD CONSTRAINT "verification_checks_checked_by_staff_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_checks_order_idx" ON "verification_checks" USING btree ("order_id","at","id");--> statement-breakpoint
CREATE INDEX "verification_checks_date_idx" ON "verification_checks" USING btree ("india_date");