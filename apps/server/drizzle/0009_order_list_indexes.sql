CREATE INDEX "loan_orders_applied_at_idx" ON "loan_orders" USING btree ("applied_at","id");--> statement-breakpoint
CREATE INDEX "loan_orders_status_applied_idx" ON "loan_orders" USING btree ("status","applied_at");--> statement-breakpoint
CREATE INDEX "loan_orders_product_applied_idx" ON "loan_orders" USING btree ("product_id","applied_at");--> statement-breakpoint
CREATE INDEX "loan_orders_kind_applied_idx" ON "loan_orders" USING btree ("product_kind","applied_at");--> statement-breakpoint
CREATE INDEX "loan_orders_disbursal_date_idx" ON "loan_orders" USING btree ("disbursal_date");--> statement-breakpoint
CREATE INDEX "loan_orders_principal_idx" ON "loan_orders" USING btree ("principal_paise");