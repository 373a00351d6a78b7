ALTER TABLE "payouts" ADD COLUMN "gross_paise" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "fee_withheld_paise" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "gst_withheld_paise" bigint;--> statement-breakpoint
-- Payouts made before these columns: a disbursal paid its order's principal less the fee and
-- GST withheld (an order's amounts are final once it is approved); a refund withheld nothing.
UPDATE "payouts" p
SET "gross_paise" = o."principal_paise",
  "fee_withheld_paise" = o."processing_fee_paise",
  "gst_withheld_paise" = o."gst_on_fee_paise"
FROM "loan_orders" o
WHERE o."id" = p."order_id" AND p."purpose" = 'disbursal';--> statement-breakpoint
UPDATE "payouts"
SET "gross_paise" = "amount_paise", "fee_withheld_paise" = 0, "gst_withheld_paise" = 0
WHERE "purpose" = 'refund';--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "gross_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "fee_withheld_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "gst_withheld_paise" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "payouts_statement_idx" ON "payouts" USING btree ("processed_date" NULLS FIRST,"id","status","channel","amount_paise","gross_paise","fee_withheld_paise","gst_withheld_paise") WHERE "payouts"."purpose" = 'disbursal' and "payouts"."status" in ('processed', 'reversed') and "payouts"."processed_date" is not null;--> statement-breakpoint
CREATE INDEX "repayments_reversed_journal_idx" ON "repayments" USING btree ("journal_id") WHERE "repayments"."reversed";
