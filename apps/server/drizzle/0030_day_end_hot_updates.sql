-- The day-end rewrites every owing order each night (issue #15, decision 0090). With its pages
-- half full, the new version of a row fits on its own page, so the update is heap-only (HOT):
-- none of the table's indexes gets a new entry when no indexed column changed (an ACTIVE loan's
-- accrual changes none). New and moved rows fill pages to half; rows already packed move once.
ALTER TABLE "loan_orders" SET (fillfactor = 50);--> statement-breakpoint
-- Redundant with ledger_journals_order_idx: the value-dated replay filters on
-- coalesce(value_date, business_date), which this index's second column cannot answer.
DROP INDEX "ledger_journals_order_value_date_idx";--> statement-breakpoint
DROP INDEX "ledger_journals_reverses_idx";--> statement-breakpoint
CREATE INDEX "ledger_journals_reverses_idx" ON "ledger_journals" USING btree ("reverses_journal_id") WHERE "ledger_journals"."reverses_journal_id" is not null;
