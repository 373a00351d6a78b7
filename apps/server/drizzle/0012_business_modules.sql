CREATE TABLE "machine_referrals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machine_referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"reason_code" text NOT NULL,
	"remarks" text NOT NULL,
	"referred_by" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "machine_referrals_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "rejection_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rejection_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"text_en" text NOT NULL,
	"text_zh" text NOT NULL,
	"stage" text NOT NULL,
	"reapply_after_days" integer DEFAULT 0 NOT NULL,
	"blacklist" boolean DEFAULT false NOT NULL,
	"borrower_message" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rejection_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "rejection_codes_stage" CHECK ("rejection_codes"."stage" in ('machine', 'first', 'final', 'any'))
);
--> statement-breakpoint
CREATE TABLE "review_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"stage" text NOT NULL,
	"product_ids" integer[] DEFAULT '{}' NOT NULL,
	"customer_type" text DEFAULT 'all' NOT NULL,
	"daily_cap" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_groups_name_unique" UNIQUE("name"),
	CONSTRAINT "review_groups_stage" CHECK ("review_groups"."stage" in ('first', 'final')),
	CONSTRAINT "review_groups_customer_type" CHECK ("review_groups"."customer_type" in ('new', 'old', 'all'))
);
--> statement-breakpoint
CREATE TABLE "review_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"stage" text NOT NULL,
	"reviewer_id" integer,
	"queued_at" timestamp with time zone NOT NULL,
	"assigned_at" timestamp with time zone,
	"assigned_by" text,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"decision" text,
	"rejection_code_id" integer,
	"remarks" text,
	"checklist" jsonb,
	"approved_principal_paise" bigint,
	CONSTRAINT "review_tasks_stage" CHECK ("review_tasks"."stage" in ('first', 'final'))
);
--> statement-breakpoint
CREATE TABLE "reviewers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"on_duty" boolean DEFAULT true NOT NULL,
	"daily_cap" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "export_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"endpoint_id" text NOT NULL,
	"route" text NOT NULL,
	"title" text NOT NULL,
	"request" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"total_rows" integer,
	"size_bytes" bigint,
	"file_name" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "export_jobs_status" CHECK ("export_jobs"."status" in ('queued', 'running', 'done', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_breaks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_breaks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"day_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"order_id" integer,
	"credit_id" integer,
	"ours_paise" bigint,
	"gateway_paise" bigint,
	"gateway_account" text,
	"gateway_method" text,
	"gateway_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"repayment_id" integer,
	"payout_id" integer,
	CONSTRAINT "reconciliation_breaks_kind" CHECK ("reconciliation_breaks"."kind" in ('amount_mismatch', 'ours_only', 'gateway_only')),
	CONSTRAINT "reconciliation_breaks_status" CHECK ("reconciliation_breaks"."status" in ('open', 'accepted', 'refunded', 'ignored'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_date" date NOT NULL,
	"side" text NOT NULL,
	"channel" text NOT NULL,
	"system_amount_paise" bigint NOT NULL,
	"system_count" integer NOT NULL,
	"third_party_amount_paise" bigint,
	"third_party_count" integer,
	"status" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reconciliation_days_side" CHECK ("reconciliation_days"."side" in ('payout', 'collection')),
	CONSTRAINT "reconciliation_days_status" CHECK ("reconciliation_days"."status" in ('not_checked', 'failed', 'passed'))
);
--> statement-breakpoint
CREATE TABLE "report_daily_orders" (
	"business_date" date NOT NULL,
	"customer_type" text NOT NULL,
	"applications" integer NOT NULL,
	"machine_pass" integer NOT NULL,
	"machine_reject" integer NOT NULL,
	"manual_pass" integer NOT NULL,
	"manual_reject" integer NOT NULL,
	"disbursed_count" integer NOT NULL,
	"disbursed_paise" bigint NOT NULL,
	"net_disbursed_paise" bigint NOT NULL,
	"fee_paise" bigint NOT NULL,
	"gst_paise" bigint NOT NULL,
	"repayment_count" integer NOT NULL,
	"repaid_paise" bigint NOT NULL,
	"cleared" integer NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_daily_orders_business_date_customer_type_pk" PRIMARY KEY("business_date","customer_type")
);
--> statement-breakpoint
CREATE TABLE "report_due_cohorts" (
	"due_date" date NOT NULL,
	"customer_type" text NOT NULL,
	"due_count" integer NOT NULL,
	"due_amount_paise" bigint NOT NULL,
	"first_day_overdue" integer NOT NULL,
	"overdue_1_to_7" integer NOT NULL,
	"overdue_8_plus" integer NOT NULL,
	"recovered" integer NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_due_cohorts_due_date_customer_type_pk" PRIMARY KEY("due_date","customer_type")
);
--> statement-breakpoint
CREATE TABLE "risk_backtests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_backtests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rule_set_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"days" integer NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"ran_by" integer,
	"evaluated" integer NOT NULL,
	"changed" integer NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_blacklist" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_blacklist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"added_by" integer,
	"added_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" integer,
	"remove_reason" text,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "risk_blacklist_kind" CHECK ("risk_blacklist"."kind" in ('phone', 'pan', 'device', 'bankAccount')),
	CONSTRAINT "risk_blacklist_source" CHECK ("risk_blacklist"."source" in ('manual', 'rejectionCode', 'fraud'))
);
--> statement-breakpoint
CREATE TABLE "risk_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"rule_set_id" integer,
	"version" integer,
	"score" integer NOT NULL,
	"reject_below" integer NOT NULL,
	"pass_above" integer NOT NULL,
	"decision" text NOT NULL,
	"checks_failed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_refusing_rule_id" integer,
	"features" jsonb NOT NULL,
	"product_id" integer NOT NULL,
	"customer_type" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "risk_decisions_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "risk_decisions_decision" CHECK ("risk_decisions"."decision" in ('pass', 'refer', 'reject'))
);
--> statement-breakpoint
CREATE TABLE "risk_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"blacklist_check" boolean DEFAULT true NOT NULL,
	"max_open_loans" integer DEFAULT 1 NOT NULL,
	"reapply_days_after_rejection" integer DEFAULT 0 NOT NULL,
	"duplicate_device_check" boolean DEFAULT false NOT NULL,
	"duplicate_phone_check" boolean DEFAULT true NOT NULL,
	"duplicate_pan_check" boolean DEFAULT true NOT NULL,
	"duplicate_bank_account_check" boolean DEFAULT false NOT NULL,
	"min_age" integer DEFAULT 21 NOT NULL,
	"max_age" integer DEFAULT 60 NOT NULL,
	"allowed_regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "acquisition_channels" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"partner" text NOT NULL,
	"link" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "acquisition_channels_status" CHECK ("acquisition_channels"."status" in ('available', 'unavailable'))
);
--> statement-breakpoint
CREATE TABLE "app_configs" (
	"key" text PRIMARY KEY NOT NULL,
	"telephone" text NOT NULL,
	"help_url" text NOT NULL,
	"privacy_url" text NOT NULL,
	"terms_url" text NOT NULL,
	"loan_agreement_url" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"version" text PRIMARY KEY NOT NULL,
	"sort_key" integer NOT NULL,
	"content" text NOT NULL,
	"force_update" boolean NOT NULL,
	"package_url" text NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"released_by" integer
);
--> statement-breakpoint
CREATE TABLE "sms_gateway_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"sender_ids" text[] NOT NULL,
	"rate_per_minute" integer NOT NULL,
	"quiet_start" text NOT NULL,
	"quiet_end" text NOT NULL,
	"api_key" text,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"item" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"type" text NOT NULL,
	"group" text DEFAULT 'general' NOT NULL,
	"remarks" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	CONSTRAINT "system_settings_type" CHECK ("system_settings"."type" in ('string', 'array')),
	CONSTRAINT "system_settings_group" CHECK ("system_settings"."group" in ('general', 'operations'))
);
--> statement-breakpoint
CREATE TABLE "recovery_case_moves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recovery_case_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"reason" text NOT NULL,
	"from_collector_id" integer,
	"to_collector_id" integer,
	"from_stage" text,
	"to_stage" text,
	"actor_id" integer,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recovery_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"stage" text NOT NULL,
	"due_date" date NOT NULL,
	"collector_id" integer,
	"group_id" integer,
	"undispatched_reason" text,
	"assigned_at" timestamp with time zone,
	"keep_until" date,
	"owed_at_assignment_paise" bigint NOT NULL,
	"follow_status" text,
	"last_contact_at" timestamp with time zone,
	"follow_ups" integer DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 2 NOT NULL,
	"opened_date" date NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"recovered_paise" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recovery_cases_kind" CHECK ("recovery_cases"."kind" in ('pre', 'collection')),
	CONSTRAINT "recovery_cases_status" CHECK ("recovery_cases"."status" in ('open', 'finished', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "recovery_collectors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"on_duty" boolean DEFAULT true NOT NULL,
	"daily_cap" integer,
	"weight" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_follow_ups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recovery_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"collector_id" integer,
	"channel" text NOT NULL,
	"result" text,
	"detail_code" text,
	"promise_date" date,
	"promise_paise" bigint,
	"remarks" text,
	"refused" boolean DEFAULT false NOT NULL,
	"refusal" text,
	"india_date" date NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recovery_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"stages" jsonb NOT NULL,
	"daily_cap" integer NOT NULL,
	"dispatch_mode" text NOT NULL,
	"keep_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_collector_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recovery_groups_kind" CHECK ("recovery_groups"."kind" in ('pre', 'collection'))
);
--> statement-breakpoint
CREATE TABLE "recovery_promises" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recovery_promises_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"follow_up_id" integer,
	"collector_id" integer,
	"due_date" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"cumulative_paise" bigint NOT NULL,
	"instalment" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "excess_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "excess_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"repayment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"payout_id" integer,
	CONSTRAINT "excess_refunds_repayment_id_unique" UNIQUE("repayment_id"),
	CONSTRAINT "excess_refunds_maker_checker" CHECK ("excess_refunds"."approved_by" is null or "excess_refunds"."approved_by" <> "excess_refunds"."requested_by")
);
--> statement-breakpoint
CREATE TABLE "offline_repayments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offline_repayments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"channel" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"value_date" date NOT NULL,
	"bank_reference" text NOT NULL,
	"remark" text,
	"receipt_file_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"record_key" text NOT NULL,
	"batch" text,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_reason" text,
	"repayment_id" integer,
	"value_date_note" text,
	CONSTRAINT "offline_repayments_record_key_unique" UNIQUE("record_key"),
	CONSTRAINT "offline_repayments_status" CHECK ("offline_repayments"."status" in ('pending', 'invalid', 'pass')),
	CONSTRAINT "offline_repayments_channel" CHECK ("offline_repayments"."channel" in ('bankTransfer', 'cashDeposit')),
	CONSTRAINT "offline_repayments_amount_positive" CHECK ("offline_repayments"."amount_paise" > 0),
	CONSTRAINT "offline_repayments_maker_checker" CHECK ("offline_repayments"."reviewed_by" is null or "offline_repayments"."reviewed_by" <> "offline_repayments"."recorded_by")
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "uploaded_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"storage_name" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "uploaded_files_storage_name_unique" UNIQUE("storage_name")
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dlt_template_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"category" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_templates_category" CHECK ("sms_templates"."category" in ('transactional', 'service', 'promotional'))
);
--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD COLUMN "value_date" date;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "value_date" date;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "requested_value_date" date;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "value_date_note" text;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "overdue_days_when_paid" integer;--> statement-breakpoint
ALTER TABLE "risk_rule_sets" ADD COLUMN "base_score" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_rule_sets" ADD COLUMN "reject_below" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_rule_sets" ADD COLUMN "pass_above" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: rule sets of a book made before scores counted down from the base score.
-- "reject when the hits' scores add up to more than X" becomes "reject below 100 - X", and no
-- refer band (pass at the same point), which decides every earlier application the same way.
UPDATE "risk_rule_sets" SET "reject_below" = 100 - "reject_score_above", "pass_above" = 100 - "reject_score_above";--> statement-breakpoint
ALTER TABLE "risk_rule_sets" ALTER COLUMN "reject_below" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "risk_rule_sets" ALTER COLUMN "pass_above" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "risk_rule_sets" ADD COLUMN "overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_rule_sets" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_rule_sets" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "risk_rule_sets" ADD COLUMN "enabled_by" integer;--> statement-breakpoint
ALTER TABLE "risk_rules" ADD COLUMN "rule_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written: rules of an earlier book get a code from their id (unique within a set).
UPDATE "risk_rules" SET "rule_code" = 'R' || "id";--> statement-breakpoint
ALTER TABLE "risk_rules" ALTER COLUMN "rule_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "machine_referrals" ADD CONSTRAINT "machine_referrals_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tasks" ADD CONSTRAINT "review_tasks_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tasks" ADD CONSTRAINT "review_tasks_rejection_code_id_rejection_codes_id_fk" FOREIGN KEY ("rejection_code_id") REFERENCES "rejection_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewers" ADD CONSTRAINT "reviewers_group_id_review_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "review_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_breaks" ADD CONSTRAINT "reconciliation_breaks_day_id_reconciliation_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "reconciliation_days"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_backtests" ADD CONSTRAINT "risk_backtests_rule_set_id_risk_rule_sets_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "risk_rule_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_decisions" ADD CONSTRAINT "risk_decisions_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_decisions" ADD CONSTRAINT "risk_decisions_rule_set_id_risk_rule_sets_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "risk_rule_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_case_moves" ADD CONSTRAINT "recovery_case_moves_case_id_recovery_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "recovery_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_cases" ADD CONSTRAINT "recovery_cases_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_cases" ADD CONSTRAINT "recovery_cases_collector_id_staff_users_id_fk" FOREIGN KEY ("collector_id") REFERENCES "staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_cases" ADD CONSTRAINT "recovery_cases_group_id_recovery_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "recovery_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_collectors" ADD CONSTRAINT "recovery_collectors_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_collectors" ADD CONSTRAINT "recovery_collectors_group_id_recovery_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "recovery_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_follow_ups" ADD CONSTRAINT "recovery_follow_ups_case_id_recovery_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "recovery_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_promises" ADD CONSTRAINT "recovery_promises_case_id_recovery_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "recovery_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_promises" ADD CONSTRAINT "recovery_promises_follow_up_id_recovery_follow_ups_id_fk" FOREIGN KEY ("follow_up_id") REFERENCES "recovery_follow_ups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excess_refunds" ADD CONSTRAINT "excess_refunds_repayment_id_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excess_refunds" ADD CONSTRAINT "excess_refunds_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excess_refunds" ADD CONSTRAINT "excess_refunds_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_repayments" ADD CONSTRAINT "offline_repayments_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_repayments" ADD CONSTRAINT "offline_repayments_receipt_file_id_uploaded_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "uploaded_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_repayments" ADD CONSTRAINT "offline_repayments_repayment_id_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_tasks_one_open" ON "review_tasks" USING btree ("order_id","stage") WHERE "review_tasks"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "review_tasks_reviewer_open_idx" ON "review_tasks" USING btree ("reviewer_id","decided_at");--> statement-breakpoint
CREATE INDEX "review_tasks_stage_decided_idx" ON "review_tasks" USING btree ("stage","decision","decided_at");--> statement-breakpoint
CREATE INDEX "review_tasks_order_idx" ON "review_tasks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reviewers_group_idx" ON "reviewers" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "export_jobs_user_idx" ON "export_jobs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "export_jobs_status_idx" ON "export_jobs" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_breaks_key" ON "reconciliation_breaks" USING btree ("day_id","kind","reference");--> statement-breakpoint
CREATE INDEX "reconciliation_breaks_status_idx" ON "reconciliation_breaks" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_days_key" ON "reconciliation_days" USING btree ("business_date","side","channel");--> statement-breakpoint
CREATE INDEX "reconciliation_days_status_idx" ON "reconciliation_days" USING btree ("status","business_date");--> statement-breakpoint
CREATE INDEX "report_daily_orders_type_idx" ON "report_daily_orders" USING btree ("customer_type","business_date");--> statement-breakpoint
CREATE INDEX "report_due_cohorts_type_idx" ON "report_due_cohorts" USING btree ("customer_type","due_date");--> statement-breakpoint
CREATE INDEX "risk_backtests_set_idx" ON "risk_backtests" USING btree ("rule_set_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_blacklist_active_key" ON "risk_blacklist" USING btree ("kind","value") WHERE "risk_blacklist"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "risk_blacklist_added_idx" ON "risk_blacklist" USING btree ("added_at","id");--> statement-breakpoint
CREATE INDEX "risk_decisions_decided_at_idx" ON "risk_decisions" USING btree ("decided_at","id");--> statement-breakpoint
CREATE INDEX "risk_decisions_rule_set_idx" ON "risk_decisions" USING btree ("rule_set_id");--> statement-breakpoint
CREATE INDEX "acquisition_channels_status_idx" ON "acquisition_channels" USING btree ("status","code");--> statement-breakpoint
CREATE INDEX "app_versions_sort_idx" ON "app_versions" USING btree ("sort_key");--> statement-breakpoint
CREATE INDEX "system_settings_group_idx" ON "system_settings" USING btree ("group","item");--> statement-breakpoint
CREATE INDEX "recovery_case_moves_case_idx" ON "recovery_case_moves" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "recovery_case_moves_to_idx" ON "recovery_case_moves" USING btree ("to_collector_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_cases_open_idx" ON "recovery_cases" USING btree ("order_id","kind") WHERE "recovery_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "recovery_cases_kind_status_idx" ON "recovery_cases" USING btree ("kind","status","id");--> statement-breakpoint
CREATE INDEX "recovery_cases_collector_idx" ON "recovery_cases" USING btree ("collector_id","status","priority");--> statement-breakpoint
CREATE INDEX "recovery_cases_group_idx" ON "recovery_cases" USING btree ("group_id","status");--> statement-breakpoint
CREATE INDEX "recovery_cases_order_idx" ON "recovery_cases" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "recovery_collectors_group_idx" ON "recovery_collectors" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "recovery_follow_ups_case_idx" ON "recovery_follow_ups" USING btree ("case_id","india_date");--> statement-breakpoint
CREATE INDEX "recovery_follow_ups_collector_idx" ON "recovery_follow_ups" USING btree ("collector_id","india_date");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_groups_name_idx" ON "recovery_groups" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "recovery_promises_case_idx" ON "recovery_promises" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "recovery_promises_open_idx" ON "recovery_promises" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "excess_refunds_order_idx" ON "excess_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offline_repayments_live_reference" ON "offline_repayments" USING btree ("bank_reference") WHERE "offline_repayments"."status" <> 'invalid';--> statement-breakpoint
CREATE INDEX "offline_repayments_status_idx" ON "offline_repayments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "offline_repayments_recorded_at_idx" ON "offline_repayments" USING btree ("recorded_at","id");--> statement-breakpoint
CREATE INDEX "offline_repayments_order_idx" ON "offline_repayments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sms_templates_category_idx" ON "sms_templates" USING btree ("category","code");--> statement-breakpoint
CREATE INDEX "ledger_journals_business_date_idx" ON "ledger_journals" USING btree ("business_date","id");--> statement-breakpoint
CREATE INDEX "ledger_journals_order_value_date_idx" ON "ledger_journals" USING btree ("order_id","value_date");--> statement-breakpoint
CREATE INDEX "ledger_journals_reverses_idx" ON "ledger_journals" USING btree ("reverses_journal_id");--> statement-breakpoint
CREATE INDEX "loan_orders_machine_result_idx" ON "loan_orders" USING btree ("machine_result","machine_reviewed_at");--> statement-breakpoint
CREATE INDEX "loan_orders_cleared_date_idx" ON "loan_orders" USING btree ("cleared_date");--> statement-breakpoint
CREATE INDEX "loan_orders_status_overdue_days_idx" ON "loan_orders" USING btree ("status","overdue_days");--> statement-breakpoint
CREATE INDEX "order_status_history_at_idx" ON "order_status_history" USING btree ("at");--> statement-breakpoint
CREATE INDEX "repayments_journal_idx" ON "repayments" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "repayments_value_date_idx" ON "repayments" USING btree ("value_date","id");--> statement-breakpoint
CREATE INDEX "repayments_overdue_paid_idx" ON "repayments" USING btree ("value_date","id") WHERE "repayments"."overdue_days_when_paid" > 0;--> statement-breakpoint
CREATE INDEX "repayments_excess_idx" ON "repayments" USING btree ("value_date","id") WHERE "repayments"."excess_paise" > 0;--> statement-breakpoint
CREATE INDEX "risk_rule_results_rule_idx" ON "risk_rule_results" USING btree ("rule_id","hit");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_rule_sets_one_draft" ON "risk_rule_sets" USING btree ("status") WHERE "risk_rule_sets"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "risk_rules_set_code_key" ON "risk_rules" USING btree ("rule_set_id","rule_code");--> statement-breakpoint
CREATE INDEX "risk_rules_code_idx" ON "risk_rules" USING btree ("rule_code");--> statement-breakpoint
ALTER TABLE "risk_rule_sets" DROP COLUMN "reject_score_above";--> statement-breakpoint
ALTER TABLE "risk_rule_sets" ADD CONSTRAINT "risk_rule_sets_thresholds" CHECK ("risk_rule_sets"."reject_below" <= "risk_rule_sets"."pass_above");