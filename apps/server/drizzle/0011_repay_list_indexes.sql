CREATE INDEX "loan_orders_owing_due_idx" ON "loan_orders" USING btree ("due_date","id") WHERE "loan_orders"."status" in ('ACTIVE', 'DUE', 'OVERDUE');--> statement-breakpoint
CREATE INDEX "loan_orders_owing_overdue_idx" ON "loan_orders" USING btree ("overdue_days","id") WHERE "loan_orders"."status" in ('ACTIVE', 'DUE', 'OVERDUE');--> statement-breakpoint
CREATE INDEX "repayments_business_date_idx" ON "repayments" USING btree ("business_date","id");--> statement-breakpoint
CREATE INDEX "repayments_received_at_idx" ON "repayments" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "repayments_virtual_account_idx" ON "repayments" USING btree ("virtual_account_code");