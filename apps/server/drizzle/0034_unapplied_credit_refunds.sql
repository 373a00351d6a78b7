CREATE TABLE "credit_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"credit_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text NOT NULL,
	"destination" text NOT NULL,
	"beneficiary_name" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"reason" text NOT NULL,
	"request_key" text NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"review_key" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_reason" text,
	"gateway_payout_id" text,
	"utr" text,
	"failure_reason" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "credit_refunds_status" CHECK ("credit_refunds"."status" in ('requested', 'approved', 'paid', 'failed', 'rejected')),
	CONSTRAINT "credit_refunds_destination" CHECK ("credit_refunds"."destination" in ('payer', 'borrower_account')),
	CONSTRAINT "credit_refunds_amount_positive" CHECK ("credit_refunds"."amount_paise" > 0),
	CONSTRAINT "credit_refunds_two_people" CHECK ("credit_refunds"."reviewed_by" is null or "credit_refunds"."reviewed_by" <> "credit_refunds"."requested_by")
);
--> statement-breakpoint
ALTER TABLE "collection_credits" DROP CONSTRAINT "collection_credits_status";--> statement-breakpoint
ALTER TABLE "reconciliation_breaks" DROP CONSTRAINT "reconciliation_breaks_status";--> statement-breakpoint
ALTER TABLE "reconciliation_breaks" ADD COLUMN "credit_refund_id" integer;--> statement-breakpoint
ALTER TABLE "credit_refunds" ADD CONSTRAINT "credit_refunds_credit_id_collection_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "collection_credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_refunds_request_key" ON "credit_refunds" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_refunds_live_key" ON "credit_refunds" USING btree ("credit_id") WHERE "credit_refunds"."status" in ('requested', 'approved', 'paid');--> statement-breakpoint
CREATE INDEX "credit_refunds_approved_idx" ON "credit_refunds" USING btree ("reviewed_at") WHERE "credit_refunds"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "collection_credits_unapplied_idx" ON "collection_credits" USING btree ("credited_at","id") WHERE "collection_credits"."status" in ('unmatched', 'refunding');--> statement-breakpoint
ALTER TABLE "collection_credits" ADD CONSTRAINT "collection_credits_status" CHECK ("collection_credits"."status" in ('applied', 'unmatched', 'refunding', 'refunded'));--> statement-breakpoint
ALTER TABLE "reconciliation_breaks" ADD CONSTRAINT "reconciliation_breaks_status" CHECK ("reconciliation_breaks"."status" in ('open', 'accepted', 'refunding', 'refunded', 'ignored'));
-- Hand-written (not generated): none. Credits left unmatched before this migration posted no
-- journal; the unapplied-credit service posts their `unappliedCredit` journal (keyed by the credit)
-- the first time they are refunded or applied, so no data is moved here.
