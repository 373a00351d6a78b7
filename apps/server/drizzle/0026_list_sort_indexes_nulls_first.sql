DROP INDEX "review_tasks_stage_decided_idx";--> statement-breakpoint
DROP INDEX "loan_orders_machine_result_idx";--> statement-breakpoint
DROP INDEX "loan_orders_status_final_reviewed_idx";--> statement-breakpoint
CREATE INDEX "review_tasks_stage_decided_idx" ON "review_tasks" USING btree ("stage","decision","decided_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "loan_orders_machine_result_idx" ON "loan_orders" USING btree ("machine_result","machine_reviewed_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "loan_orders_status_final_reviewed_idx" ON "loan_orders" USING btree ("status","final_reviewed_at" NULLS FIRST,"id");