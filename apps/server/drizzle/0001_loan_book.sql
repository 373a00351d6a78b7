CREATE SEQUENCE "loan_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "repayment_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "day_end_runs" (
	"business_date" date PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"orders_processed" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "day_end_runs_status" CHECK ("day_end_runs"."status" in ('running', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"key" text PRIMARY KEY NOT NULL,
	"command" text NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number" text,
	"id_last4" text,
	"id_hash" text,
	"phone" text NOT NULL,
	"birth_date" date,
	"region" text DEFAULT '' NOT NULL,
	"registration_date" date NOT NULL,
	"customer_type" text DEFAULT 'new' NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_account_number" text DEFAULT '' NOT NULL,
	"ifsc" text DEFAULT '' NOT NULL,
	"bank_account_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customers_id_type" CHECK ("customers"."id_type" in ('aadhaar', 'pan')),
	CONSTRAINT "customers_id_shape" CHECK (("customers"."id_type" = 'aadhaar' and "customers"."id_number" is null and "customers"."id_last4" ~ '^[0-9]{4}$' and "customers"."id_hash" is not null)
       or ("customers"."id_type" = 'pan' and "customers"."id_number" ~ '^[A-Z]{5}[0-9]{4}[A-Z]$' and "customers"."id_last4" is null and "customers"."id_hash" is null)),
	CONSTRAINT "customers_phone" CHECK ("customers"."phone" ~ '^[6-9][0-9]{9}$'),
	CONSTRAINT "customers_ifsc" CHECK ("customers"."ifsc" = '' or "customers"."ifsc" ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
	CONSTRAINT "customers_type" CHECK ("customers"."customer_type" in ('new', 'old'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"journal_id" bigint NOT NULL,
	"account" text NOT NULL,
	"component" text,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "ledger_entries_non_zero" CHECK ("ledger_entries"."amount_paise" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_journals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"reverses_event_type" text,
	"reverses_journal_id" bigint,
	"idempotency_key" text NOT NULL,
	"business_date" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_journals_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "loan_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_version" integer NOT NULL,
	"product_kind" text NOT NULL,
	"terms" jsonb NOT NULL,
	"principal_paise" bigint NOT NULL,
	"processing_fee_paise" bigint NOT NULL,
	"gst_on_fee_paise" bigint NOT NULL,
	"net_disbursed_paise" bigint NOT NULL,
	"due_amount_paise" bigint NOT NULL,
	"tenor_days" integer NOT NULL,
	"status" text NOT NULL,
	"closure_type" text,
	"last_event" text,
	"key_facts" jsonb NOT NULL,
	"apr_basis_points" integer NOT NULL,
	"kfs_accepted_at" timestamp with time zone NOT NULL,
	"kfs_channel" text NOT NULL,
	"kfs_otp_reference" text NOT NULL,
	"applicant_features" jsonb NOT NULL,
	"rule_set_version" integer,
	"machine_score" integer,
	"machine_result" text,
	"machine_reviewed_at" timestamp with time zone,
	"first_reviewer_id" integer,
	"first_reviewed_at" timestamp with time zone,
	"final_reviewer_id" integer,
	"final_reviewed_at" timestamp with time zone,
	"reason" text,
	"disbursal_date" date,
	"due_date" date,
	"accrued_through_date" date,
	"day_end_date" date,
	"principal_disbursed_paise" bigint DEFAULT 0 NOT NULL,
	"outstanding_principal_paise" bigint DEFAULT 0 NOT NULL,
	"outstanding_interest_paise" bigint DEFAULT 0 NOT NULL,
	"outstanding_fee_paise" bigint DEFAULT 0 NOT NULL,
	"outstanding_gst_paise" bigint DEFAULT 0 NOT NULL,
	"outstanding_penal_paise" bigint DEFAULT 0 NOT NULL,
	"penal_charged_paise" bigint DEFAULT 0 NOT NULL,
	"overpaid_paise" bigint DEFAULT 0 NOT NULL,
	"rollover_count" integer DEFAULT 0 NOT NULL,
	"overdue_days" integer DEFAULT 0 NOT NULL,
	"overdue_band" text,
	"rbi_class" text,
	"cleared_date" date,
	"applied_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "loan_orders_outstanding_non_negative" CHECK ("loan_orders"."outstanding_principal_paise" >= 0 and "loan_orders"."outstanding_interest_paise" >= 0 and "loan_orders"."outstanding_fee_paise" >= 0 and "loan_orders"."outstanding_gst_paise" >= 0 and "loan_orders"."outstanding_penal_paise" >= 0 and "loan_orders"."overpaid_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"event" text NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"tenor_days" integer NOT NULL,
	"min_principal_paise" bigint NOT NULL,
	"max_principal_paise" bigint NOT NULL,
	"processing_fee_ppm" integer NOT NULL,
	"gst_ppm" integer NOT NULL,
	"interest_per_day_ppm" integer NOT NULL,
	"penal_per_day_paise" bigint,
	"penal_per_day_ppm" integer,
	"penal_cap_ppm" integer NOT NULL,
	"rollover_fee_ppm" integer NOT NULL,
	"rollover_days" integer NOT NULL,
	"max_rollovers" integer NOT NULL,
	"allow_overdue_rollover" boolean NOT NULL,
	"cooling_off_days" integer,
	"allocation_order" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	CONSTRAINT "loan_products_kind" CHECK ("loan_products"."kind" in ('first', 'reloan')),
	CONSTRAINT "loan_products_status" CHECK ("loan_products"."status" in ('available', 'unavailable')),
	CONSTRAINT "loan_products_penal_one_of" CHECK (("loan_products"."penal_per_day_paise" is null) <> ("loan_products"."penal_per_day_ppm" is null)),
	CONSTRAINT "loan_products_limits" CHECK ("loan_products"."min_principal_paise" > 0 and "loan_products"."max_principal_paise" >= "loan_products"."min_principal_paise")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"purpose" text DEFAULT 'disbursal' NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text NOT NULL,
	"channel" text NOT NULL,
	"utr" text,
	"processed_date" date,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payouts_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payouts_status" CHECK ("payouts"."status" in ('queued', 'processing', 'processed', 'failed', 'reversed', 'unknown')),
	CONSTRAINT "payouts_purpose" CHECK ("payouts"."purpose" in ('disbursal', 'refund')),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "repayments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repayments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"channel" text NOT NULL,
	"virtual_account_code" text,
	"amount_paise" bigint NOT NULL,
	"type" text NOT NULL,
	"gateway_payment_id" text,
	"idempotency_key" text NOT NULL,
	"allocated_principal_paise" bigint NOT NULL,
	"allocated_interest_paise" bigint NOT NULL,
	"allocated_fee_paise" bigint NOT NULL,
	"allocated_gst_paise" bigint NOT NULL,
	"allocated_penal_paise" bigint NOT NULL,
	"excess_paise" bigint NOT NULL,
	"journal_id" bigint NOT NULL,
	"business_date" date NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"reversed" boolean DEFAULT false NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversal_reason" text,
	CONSTRAINT "repayments_serial_no_unique" UNIQUE("serial_no"),
	CONSTRAINT "repayments_gateway_payment_id_unique" UNIQUE("gateway_payment_id"),
	CONSTRAINT "repayments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "repayments_type" CHECK ("repayments"."type" in ('normal', 'renew', 'full', 'partial')),
	CONSTRAINT "repayments_amount_positive" CHECK ("repayments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "rollovers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rollovers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"repayment_id" integer NOT NULL,
	"rollover_number" integer NOT NULL,
	"from_due_date" date NOT NULL,
	"to_due_date" date NOT NULL,
	"fee_paise" bigint NOT NULL,
	"gst_paise" bigint NOT NULL,
	"interest_paise" bigint NOT NULL,
	"penal_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"business_date" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "rollovers_order_number_key" UNIQUE("order_id","rollover_number")
);
--> statement-breakpoint
CREATE TABLE "risk_rule_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_rule_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"value" text,
	"hit" boolean NOT NULL,
	"score" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_rule_sets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_rule_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"reject_score_above" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"enabled_at" timestamp with time zone,
	CONSTRAINT "risk_rule_sets_version_unique" UNIQUE("version"),
	CONSTRAINT "risk_rule_sets_status" CHECK ("risk_rule_sets"."status" in ('draft', 'enabled', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "risk_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rule_set_id" integer NOT NULL,
	"rule_name" text NOT NULL,
	"class_name" text NOT NULL,
	"field_name" text NOT NULL,
	"expression" text NOT NULL,
	"comparison_value" text NOT NULL,
	"score" integer NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"level" text NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	CONSTRAINT "risk_rules_level" CHECK ("risk_rules"."level" in ('hard', 'soft')),
	CONSTRAINT "risk_rules_expression" CHECK ("risk_rules"."expression" in ('>', '>=', '<', '<=', '==', '!=', 'in', 'notIn'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollovers" ADD CONSTRAINT "rollovers_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollovers" ADD CONSTRAINT "rollovers_repayment_id_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_rule_results" ADD CONSTRAINT "risk_rule_results_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_rule_results" ADD CONSTRAINT "risk_rule_results_rule_id_risk_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "risk_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_rules" ADD CONSTRAINT "risk_rules_rule_set_id_risk_rule_sets_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "risk_rule_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_aadhaar_hash_key" ON "customers" USING btree ("id_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_pan_key" ON "customers" USING btree ("id_number");--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "ledger_entries_journal_idx" ON "ledger_entries" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "ledger_journals_order_idx" ON "ledger_journals" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "loan_orders_status_idx" ON "loan_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "loan_orders_customer_idx" ON "loan_orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "loan_orders_due_date_idx" ON "loan_orders" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_live_per_order" ON "payouts" USING btree ("order_id","purpose") WHERE "payouts"."status" in ('queued', 'processing', 'processed', 'unknown');--> statement-breakpoint
CREATE INDEX "payouts_order_idx" ON "payouts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "repayments_order_idx" ON "repayments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_rule_results_order_rule_key" ON "risk_rule_results" USING btree ("order_id","rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_rule_sets_one_enabled" ON "risk_rule_sets" USING btree ("status") WHERE "risk_rule_sets"."status" = 'enabled';--> statement-breakpoint
CREATE INDEX "risk_rules_set_idx" ON "risk_rules" USING btree ("rule_set_id");