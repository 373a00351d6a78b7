CREATE TABLE "waiver_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waiver_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"amounts" jsonb,
	"amount_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"approval_key" text,
	CONSTRAINT "waiver_requests_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "waiver_requests_approval_key_unique" UNIQUE("approval_key"),
	CONSTRAINT "waiver_requests_status" CHECK ("waiver_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "waiver_requests_maker_checker" CHECK ("waiver_requests"."decided_by" is null or "waiver_requests"."decided_by" <> "waiver_requests"."requested_by")
);
--> statement-breakpoint
ALTER TABLE "waiver_requests" ADD CONSTRAINT "waiver_requests_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiver_requests_one_pending" ON "waiver_requests" USING btree ("order_id") WHERE "waiver_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "waiver_requests_order_idx" ON "waiver_requests" USING btree ("order_id");