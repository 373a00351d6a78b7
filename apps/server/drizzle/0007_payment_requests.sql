CREATE TABLE "payment_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"business_date" date NOT NULL,
	"status" text NOT NULL,
	"credit_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_requests_purpose" CHECK ("payment_requests"."purpose" in ('rollover', 'cooling_off_exit')),
	CONSTRAINT "payment_requests_status" CHECK ("payment_requests"."status" in ('open', 'paid', 'superseded')),
	CONSTRAINT "payment_requests_amount_positive" CHECK ("payment_requests"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_credit_id_collection_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "collection_credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_one_open_per_order" ON "payment_requests" USING btree ("order_id") WHERE "payment_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payment_requests_customer_idx" ON "payment_requests" USING btree ("customer_id","status");