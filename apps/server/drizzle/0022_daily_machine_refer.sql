ALTER TABLE "report_daily_orders" ADD COLUMN "machine_refer" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Days written before this column counted machine refers in machine_pass: move them out, per
-- India day and customer type, the way the day-end counts them (decision 0074).
WITH referred AS (
  SELECT (h.at AT TIME ZONE 'Asia/Kolkata')::date AS day,
    CASE WHEN EXISTS (SELECT 1 FROM loan_orders prior WHERE prior.customer_id = o.customer_id
      AND prior.id < o.id AND prior.disbursal_date IS NOT NULL) THEN 'old' ELSE 'new' END AS t
  FROM order_status_history h JOIN loan_orders o ON o.id = h.order_id
    JOIN risk_decisions d ON d.order_id = h.order_id
  WHERE h.event = 'machinePass' AND d.decision = 'refer'
), counted AS (
  SELECT day, t, count(*)::int AS n FROM referred GROUP BY day, t
  UNION ALL
  SELECT day, 'all', count(*)::int FROM referred GROUP BY day
)
UPDATE "report_daily_orders" r
SET "machine_refer" = c.n, "machine_pass" = greatest(r."machine_pass" - c.n, 0)
FROM counted c
WHERE r."business_date" = c.day AND r."customer_type" = c.t;
