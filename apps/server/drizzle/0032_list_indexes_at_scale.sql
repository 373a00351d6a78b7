DROP INDEX "loan_orders_customer_idx";--> statement-breakpoint
CREATE INDEX "review_tasks_queued_idx" ON "review_tasks" USING btree ("queued_at","id");--> statement-breakpoint
CREATE INDEX "review_tasks_decided_by_idx" ON "review_tasks" USING btree ("decided_by","decision");--> statement-breakpoint
CREATE INDEX "review_tasks_decided_by_at_idx" ON "review_tasks" USING btree ("decided_by","decided_at");--> statement-breakpoint
CREATE INDEX "review_tasks_open_queued_idx" ON "review_tasks" USING btree ("queued_at","id") WHERE "review_tasks"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "review_tasks_decided_idx" ON "review_tasks" USING btree ("decided_at" NULLS FIRST,"id") WHERE "review_tasks"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "loan_orders_machine_decided_idx" ON "loan_orders" USING btree ("machine_reviewed_at" NULLS FIRST,"id") WHERE "loan_orders"."machine_result" is not null;--> statement-breakpoint
CREATE INDEX "loan_orders_cleared_list_idx" ON "loan_orders" USING btree ("cleared_date" NULLS FIRST,"id") WHERE "loan_orders"."status" = 'CLEARED';--> statement-breakpoint
CREATE INDEX "repayments_overdue_id_idx" ON "repayments" USING btree ("id") WHERE "repayments"."overdue_days_when_paid" > 0;--> statement-breakpoint
CREATE INDEX "telemarketing_calls_at_idx" ON "telemarketing_calls" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "telemarketing_leads_since_idx" ON "telemarketing_leads" USING btree ("since_date","id");--> statement-breakpoint
CREATE INDEX "sms_messages_provider_message_idx" ON "sms_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "loan_orders_customer_idx" ON "loan_orders" USING btree ("customer_id","id");