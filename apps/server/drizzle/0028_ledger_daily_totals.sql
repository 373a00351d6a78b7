CREATE TABLE "ledger_daily_totals" (
	"business_date" date NOT NULL,
	"account" text NOT NULL,
	"event_type" text NOT NULL,
	"reverses_event_type" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "ledger_daily_totals_pk" PRIMARY KEY("business_date","account","event_type","reverses_event_type")
);
--> statement-breakpoint
CREATE TABLE "ledger_rollup_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"horizon" bigint NOT NULL,
	"rolled_up_at" timestamp with time zone,
	CONSTRAINT "ledger_rollup_state_one_row" CHECK ("ledger_rollup_state"."id" = 1)
);
--> statement-breakpoint
-- Journals posted before this migration take 0, below any horizon (decision 0086): added with a
-- constant default, so the column costs no rewrite of the table, then given the inserting
-- transaction's id for every journal from now on.
ALTER TABLE "ledger_journals" ADD COLUMN "xact" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_journals" ALTER COLUMN "xact" SET DEFAULT (pg_current_xact_id()::text::bigint);--> statement-breakpoint
CREATE INDEX "ledger_journals_xact_idx" ON "ledger_journals" USING btree ("xact");--> statement-breakpoint
-- The one state row: nothing rolled up yet, so every journal is above the horizon.
INSERT INTO "ledger_rollup_state" ("id", "horizon") VALUES (1, 0);--> statement-breakpoint
-- The ledger stays append-only (migration 0006), with one exception: the rollup's rebuild after
-- a restore into another cluster sets a journal's transaction id to 0 (decision 0086). Nothing
-- else of a journal may change, and an id may only go to 0.
CREATE OR REPLACE FUNCTION ledger_journals_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.xact = 0
    AND (to_jsonb(NEW) - 'xact') = (to_jsonb(OLD) - 'xact') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger rows are append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
DROP TRIGGER ledger_journals_append_only ON ledger_journals;--> statement-breakpoint
CREATE TRIGGER ledger_journals_append_only BEFORE UPDATE OR DELETE ON ledger_journals
  FOR EACH ROW EXECUTE FUNCTION ledger_journals_refuse_change();
