-- Asset classification (issue #36, decision 0098): each order's class history, the first day
-- past due (kept through a rescheduling), the rescheduled flag and the income held in suspense.
CREATE TABLE "asset_class_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asset_class_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"from_class" text,
	"to_class" text NOT NULL,
	"days_past_due" integer NOT NULL,
	"reason" text NOT NULL,
	"cause_order_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "classified_date" date;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "overdue_since" date;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "rescheduled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "suspense_interest_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "suspense_penal_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_class_history" ADD CONSTRAINT "asset_class_history_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_class_history_order_idx" ON "asset_class_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "asset_class_history_date_idx" ON "asset_class_history" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "loan_orders_owing_class_idx" ON "loan_orders" USING btree ("rbi_class","customer_id") WHERE "loan_orders"."status" in ('ACTIVE', 'DUE', 'OVERDUE');--> statement-breakpoint
CREATE INDEX "loan_orders_rescheduled_idx" ON "loan_orders" USING btree ("id") WHERE "loan_orders"."rescheduled";--> statement-breakpoint
-- Loans already past due count their days from their due date; the next day-end classifies them.
UPDATE "loan_orders" SET "overdue_since" = "due_date" WHERE "status" = 'OVERDUE';
