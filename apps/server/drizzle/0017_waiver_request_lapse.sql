ALTER TABLE "waiver_requests" DROP CONSTRAINT "waiver_requests_status";--> statement-breakpoint
ALTER TABLE "waiver_requests" ADD COLUMN "lapse_event" text;--> statement-breakpoint
ALTER TABLE "waiver_requests" ADD CONSTRAINT "waiver_requests_lapse" CHECK (("waiver_requests"."status" = 'lapsed') = ("waiver_requests"."lapse_event" is not null) and ("waiver_requests"."status" <> 'lapsed' or "waiver_requests"."decided_by" is null));--> statement-breakpoint
ALTER TABLE "waiver_requests" ADD CONSTRAINT "waiver_requests_status" CHECK ("waiver_requests"."status" in ('pending', 'approved', 'rejected', 'lapsed'));--> statement-breakpoint
-- Decision 0054: requests left pending on orders that no longer qualify lapse now (a write-off
-- needs an overdue order; a waiver an open one not rolled over since it was asked for).
UPDATE "waiver_requests" AS r SET
  "status" = 'lapsed',
  "decided_at" = now(),
  "lapse_event" = CASE
    WHEN r."kind" = 'waiver' AND o."status" IN ('ACTIVE', 'DUE', 'OVERDUE') THEN 'rollover'
    ELSE coalesce(o."last_event", 'unknown') END,
  "decision_reason" = 'Lapsed: ' || o."order_no" || ' no longer qualified (now ' || o."status" || ')'
FROM "loan_orders" AS o
WHERE r."order_id" = o."id" AND r."status" = 'pending' AND (
  (r."kind" = 'writeOff' AND o."status" <> 'OVERDUE')
  OR (r."kind" = 'waiver' AND (
    o."status" NOT IN ('ACTIVE', 'DUE', 'OVERDUE')
    OR EXISTS (SELECT 1 FROM "rollovers" AS ro WHERE ro."order_id" = o."id" AND ro."at" > r."requested_at"))));
