DROP INDEX "payouts_order_idx";--> statement-breakpoint
CREATE INDEX "loan_orders_status_final_reviewed_idx" ON "loan_orders" USING btree ("status","final_reviewed_at");--> statement-breakpoint
CREATE INDEX "payouts_order_purpose_idx" ON "payouts" USING btree ("order_id","purpose","id");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payouts_created_at_idx" ON "payouts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payouts_processed_date_idx" ON "payouts" USING btree ("processed_date");