-- Closed business days and locked months (decision 0101; docs/domain.md, "The ledger").
-- A business date whose day-end completed is closed: the ledger books a journal of a closed day
-- on the next open one (postJournals), so a past trial balance never changes. Finance locks a
-- month once it is closed: no journal may belong to a day up to it. A trigger refuses both.
CREATE TABLE "period_locks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "period_locks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"month" text NOT NULL,
	"locked_through" date NOT NULL,
	"reason" text NOT NULL,
	"locked_by" integer,
	"locked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "period_locks_month_unique" UNIQUE("month"),
	CONSTRAINT "period_locks_month" CHECK ("period_locks"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "ledger_period" (
	"id" integer PRIMARY KEY NOT NULL,
	"closed_through" date,
	"locked_through" date,
	CONSTRAINT "ledger_period_one_row" CHECK ("ledger_period"."id" = 1),
	CONSTRAINT "ledger_period_locked_closed" CHECK ("ledger_period"."locked_through" is null or ("ledger_period"."closed_through" is not null and "ledger_period"."locked_through" <= "ledger_period"."closed_through"))
);
--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "period_locks" ADD CONSTRAINT "period_locks_locked_by_staff_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_journals_adjustments_idx" ON "ledger_journals" USING btree ("business_date","id") WHERE "ledger_journals"."value_date" < "ledger_journals"."business_date";--> statement-breakpoint
-- The one state row: closed through the last completed day-end, nothing locked.
INSERT INTO "ledger_period" ("id", "closed_through", "locked_through")
  SELECT 1, max("business_date"), NULL FROM "day_end_runs" WHERE "status" = 'completed';--> statement-breakpoint
-- The backstop of postJournals, whatever code runs against the database: a journal inserted
-- into a closed business date, or belonging (its value date, else its business date) to a
-- locked day, is refused. One check per statement over its new rows (a transition table), so a
-- day-end batch of a thousand journals pays one read of the state row, not a thousand.
CREATE OR REPLACE FUNCTION ledger_refuse_closed_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed date;
  locked date;
  refused record;
BEGIN
  SELECT closed_through, locked_through INTO closed, locked FROM ledger_period WHERE id = 1;
  IF closed IS NULL AND locked IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT business_date, coalesce(value_date, business_date) AS day INTO refused
    FROM new_journals
    WHERE business_date <= closed OR coalesce(value_date, business_date) <= locked
    LIMIT 1;
  IF FOUND THEN
    IF refused.business_date <= closed THEN
      RAISE EXCEPTION 'ledger_journals: business date % is closed (closed through %)',
        refused.business_date, closed USING ERRCODE = 'restrict_violation';
    END IF;
    RAISE EXCEPTION 'ledger_journals: day % is in a locked period (locked through %)',
      refused.day, locked USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_journals_open_days AFTER INSERT ON ledger_journals
  REFERENCING NEW TABLE AS new_journals
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_closed_days();
