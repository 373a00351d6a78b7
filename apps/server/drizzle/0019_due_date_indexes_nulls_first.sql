DROP INDEX "loan_orders_due_date_idx";--> statement-breakpoint
DROP INDEX "loan_orders_owing_due_idx";--> statement-breakpoint
CREATE INDEX "loan_orders_due_date_idx" ON "loan_orders" USING btree ("due_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "loan_orders_owing_due_idx" ON "loan_orders" USING btree ("due_date" NULLS FIRST,"id") WHERE "loan_orders"."status" in ('ACTIVE', 'DUE', 'OVERDUE');