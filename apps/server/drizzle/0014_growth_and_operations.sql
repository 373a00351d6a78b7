CREATE TABLE "report_channel_days" (
	"business_date" date NOT NULL,
	"channel" text NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"kyc_completed" integer DEFAULT 0 NOT NULL,
	"applied_same_day" integer DEFAULT 0 NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"machine_passed" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	"disbursed" integer DEFAULT 0 NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	"approvals" integer DEFAULT 0 NOT NULL,
	"disbursed_count" integer DEFAULT 0 NOT NULL,
	"disbursed_paise" bigint DEFAULT 0 NOT NULL,
	"due_count" integer DEFAULT 0 NOT NULL,
	"first_day_overdue" integer DEFAULT 0 NOT NULL,
	"cleared" integer DEFAULT 0 NOT NULL,
	"reborrowed_3" integer DEFAULT 0 NOT NULL,
	"reborrowed_7" integer DEFAULT 0 NOT NULL,
	"reborrowed_30" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_channel_days_business_date_channel_pk" PRIMARY KEY("business_date","channel")
);
--> statement-breakpoint
CREATE TABLE "coupon_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"filters" jsonb NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"already_held" integer DEFAULT 0 NOT NULL,
	"blacklisted" integer DEFAULT 0 NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_batches_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"target" text NOT NULL,
	"face_kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"percent_basis_points" integer,
	"total_number" integer NOT NULL,
	"sent_number" integer DEFAULT 0 NOT NULL,
	"valid_days" integer NOT NULL,
	"threshold_paise" bigint NOT NULL,
	"expires_on" date NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupons_target" CHECK ("coupons"."target" in ('interest', 'charges')),
	CONSTRAINT "coupons_face" CHECK (("coupons"."face_kind" = 'amount' and "coupons"."percent_basis_points" is null)
       or ("coupons"."face_kind" = 'percent' and "coupons"."percent_basis_points" between 1 and 10000)),
	CONSTRAINT "coupons_amount" CHECK ("coupons"."amount_paise" > 0 and "coupons"."threshold_paise" >= 0),
	CONSTRAINT "coupons_stock" CHECK ("coupons"."sent_number" between 0 and "coupons"."total_number"),
	CONSTRAINT "coupons_status" CHECK ("coupons"."status" in ('available', 'unavailable'))
);
--> statement-breakpoint
CREATE TABLE "issued_coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issued_coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"borrower_account_id" integer NOT NULL,
	"expires_on" date NOT NULL,
	"status" text DEFAULT 'unused' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"order_id" integer,
	"reduced_paise" bigint,
	"journal_id" bigint,
	CONSTRAINT "issued_coupons_status" CHECK ("issued_coupons"."status" in ('unused', 'used')),
	CONSTRAINT "issued_coupons_used" CHECK (("issued_coupons"."status" = 'unused' and "issued_coupons"."order_id" is null) or ("issued_coupons"."status" = 'used' and "issued_coupons"."order_id" is not null and "issued_coupons"."used_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "marketing_audience_list_phones" (
	"list_id" integer NOT NULL,
	"phone" text NOT NULL,
	CONSTRAINT "marketing_audience_list_phones_list_id_phone_pk" PRIMARY KEY("list_id","phone")
);
--> statement-breakpoint
CREATE TABLE "marketing_audience_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_audience_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_name" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketing_opt_outs_source" CHECK ("marketing_opt_outs"."source" in ('stopReply', 'dndRegistry', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "marketing_sms_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_sms_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"template_code" text NOT NULL,
	"params" jsonb NOT NULL,
	"audience_source" text NOT NULL,
	"audience" jsonb NOT NULL,
	"rate_per_minute" integer NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "marketing_sms_campaigns_status" CHECK ("marketing_sms_campaigns"."status" in ('scheduled', 'sending', 'completed', 'cancelled')),
	CONSTRAINT "marketing_sms_campaigns_source" CHECK ("marketing_sms_campaigns"."audience_source" in ('clearNotLoan', 'regNotLoan', 'upload')),
	CONSTRAINT "marketing_sms_campaigns_rate" CHECK ("marketing_sms_campaigns"."rate_per_minute" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketing_sms_recipients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_sms_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"phone" text NOT NULL,
	"status" text NOT NULL,
	"skip_reason" text,
	"provider" text,
	"provider_message_id" text,
	"error_text" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "marketing_sms_recipients_status" CHECK ("marketing_sms_recipients"."status" in ('pending', 'sending', 'sent', 'skipped', 'failed')),
	CONSTRAINT "marketing_sms_recipients_skip" CHECK ("marketing_sms_recipients"."skip_reason" is null or "marketing_sms_recipients"."skip_reason" in ('optedOut', 'blacklisted'))
);
--> statement-breakpoint
CREATE TABLE "telemarketing_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telemarketing_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"telemarketer_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"remarks" text NOT NULL,
	"next_call_date" date,
	"india_date" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "telemarketing_calls_outcome" CHECK ("telemarketing_calls"."outcome" in ('promise', 'connected', 'notConnected'))
);
--> statement-breakpoint
CREATE TABLE "telemarketing_leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telemarketing_leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"borrower_account_id" integer,
	"customer_id" integer,
	"since_date" date NOT NULL,
	"telemarketer_id" integer,
	"assigned_at" timestamp with time zone,
	"assigned_date" date,
	"assigned_by" integer,
	"last_outcome" text,
	"calls" integer DEFAULT 0 NOT NULL,
	"last_call_at" timestamp with time zone,
	"next_call_date" date,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telemarketing_leads_source" CHECK ("telemarketing_leads"."source" in ('regNotLoan', 'clearNotLoan'))
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inviter_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"invite_code" text NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"reward_paise" bigint,
	"rewarded_at" timestamp with time zone,
	"reward_journal_id" bigint,
	CONSTRAINT "invitations_not_self" CHECK ("invitations"."inviter_id" <> "invitations"."invitee_id")
);
--> statement-breakpoint
CREATE TABLE "payout_recharges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_recharges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"amount_paise" bigint NOT NULL,
	"bank_reference" text NOT NULL,
	"remark" text,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"gateway_balance_before_paise" bigint,
	"gateway_balance_after_paise" bigint,
	CONSTRAINT "payout_recharges_positive" CHECK ("payout_recharges"."amount_paise" > 0),
	CONSTRAINT "payout_recharges_status" CHECK ("payout_recharges"."status" in ('pending', 'confirmed', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "wallet_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"rewards_enabled" boolean NOT NULL,
	"reward_paise" bigint NOT NULL,
	"min_withdrawal_paise" bigint NOT NULL,
	"daily_cap_paise" bigint NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_settings_single" CHECK ("wallet_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "wallet_withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"bank_account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_reason" text,
	"gateway_payout_id" text,
	"utr" text,
	"failure_reason" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "wallet_withdrawals_positive" CHECK ("wallet_withdrawals"."amount_paise" > 0),
	CONSTRAINT "wallet_withdrawals_status" CHECK ("wallet_withdrawals"."status" in ('pending', 'paying', 'paid', 'failed', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"invite_code" text NOT NULL,
	"balance_paise" bigint DEFAULT 0 NOT NULL,
	"held_paise" bigint DEFAULT 0 NOT NULL,
	"rewarded_paise" bigint DEFAULT 0 NOT NULL,
	"paid_out_paise" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallets_balance_non_negative" CHECK ("wallets"."balance_paise" >= 0),
	CONSTRAINT "wallets_held_non_negative" CHECK ("wallets"."held_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_journals" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recovery_case_moves" ADD COLUMN "owed_paise" bigint;--> statement-breakpoint
ALTER TABLE "coupon_batches" ADD CONSTRAINT "coupon_batches_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_coupons" ADD CONSTRAINT "issued_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_coupons" ADD CONSTRAINT "issued_coupons_batch_id_coupon_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "coupon_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_coupons" ADD CONSTRAINT "issued_coupons_borrower_account_id_borrower_accounts_id_fk" FOREIGN KEY ("borrower_account_id") REFERENCES "borrower_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_coupons" ADD CONSTRAINT "issued_coupons_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_audience_list_phones" ADD CONSTRAINT "marketing_audience_list_phones_list_id_marketing_audience_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "marketing_audience_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_sms_recipients" ADD CONSTRAINT "marketing_sms_recipients_campaign_id_marketing_sms_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "marketing_sms_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemarketing_calls" ADD CONSTRAINT "telemarketing_calls_lead_id_telemarketing_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "telemarketing_leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemarketing_calls" ADD CONSTRAINT "telemarketing_calls_telemarketer_id_staff_users_id_fk" FOREIGN KEY ("telemarketer_id") REFERENCES "staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemarketing_leads" ADD CONSTRAINT "telemarketing_leads_borrower_account_id_borrower_accounts_id_fk" FOREIGN KEY ("borrower_account_id") REFERENCES "borrower_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemarketing_leads" ADD CONSTRAINT "telemarketing_leads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemarketing_leads" ADD CONSTRAINT "telemarketing_leads_telemarketer_id_staff_users_id_fk" FOREIGN KEY ("telemarketer_id") REFERENCES "staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemarketing_leads" ADD CONSTRAINT "telemarketing_leads_assigned_by_staff_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_id_customers_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invitee_id_customers_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_reward_journal_id_ledger_journals_id_fk" FOREIGN KEY ("reward_journal_id") REFERENCES "ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_channel_days_channel_idx" ON "report_channel_days" USING btree ("channel","business_date");--> statement-breakpoint
CREATE INDEX "coupon_batches_coupon_idx" ON "coupon_batches" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "coupons_created_idx" ON "coupons" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_coupons_holder_key" ON "issued_coupons" USING btree ("coupon_id","borrower_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_coupons_order_key" ON "issued_coupons" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "issued_coupons_borrower_idx" ON "issued_coupons" USING btree ("borrower_account_id","id");--> statement-breakpoint
CREATE INDEX "issued_coupons_sent_idx" ON "issued_coupons" USING btree ("sent_at","id");--> statement-breakpoint
CREATE INDEX "issued_coupons_state_idx" ON "issued_coupons" USING btree ("status","expires_on");--> statement-breakpoint
CREATE INDEX "issued_coupons_batch_idx" ON "issued_coupons" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "marketing_audience_lists_uploaded_idx" ON "marketing_audience_lists" USING btree ("uploaded_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_sms_campaigns_key" ON "marketing_sms_campaigns" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "marketing_sms_campaigns_due_idx" ON "marketing_sms_campaigns" USING btree ("status","send_at");--> statement-breakpoint
CREATE INDEX "marketing_sms_campaigns_created_idx" ON "marketing_sms_campaigns" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_sms_recipients_phone_key" ON "marketing_sms_recipients" USING btree ("campaign_id","phone");--> statement-breakpoint
CREATE INDEX "marketing_sms_recipients_status_idx" ON "marketing_sms_recipients" USING btree ("campaign_id","status","id");--> statement-breakpoint
CREATE INDEX "marketing_sms_recipients_message_idx" ON "marketing_sms_recipients" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "telemarketing_calls_lead_idx" ON "telemarketing_calls" USING btree ("lead_id","at");--> statement-breakpoint
CREATE INDEX "telemarketing_calls_telemarketer_idx" ON "telemarketing_calls" USING btree ("telemarketer_id","india_date");--> statement-breakpoint
CREATE INDEX "telemarketing_calls_date_idx" ON "telemarketing_calls" USING btree ("india_date");--> statement-breakpoint
CREATE UNIQUE INDEX "telemarketing_leads_phone_key" ON "telemarketing_leads" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "telemarketing_leads_telemarketer_idx" ON "telemarketing_leads" USING btree ("telemarketer_id","next_call_date");--> statement-breakpoint
CREATE INDEX "telemarketing_leads_assigned_date_idx" ON "telemarketing_leads" USING btree ("assigned_date","telemarketer_id");--> statement-breakpoint
CREATE INDEX "telemarketing_leads_customer_idx" ON "telemarketing_leads" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "telemarketing_leads_account_idx" ON "telemarketing_leads" USING btree ("borrower_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_invitee_key" ON "invitations" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "invitations_inviter_idx" ON "invitations" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "invitations_invited_at_idx" ON "invitations" USING btree ("invited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_recharges_key" ON "payout_recharges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_recharges_reference_key" ON "payout_recharges" USING btree ("bank_reference");--> statement-breakpoint
CREATE INDEX "payout_recharges_requested_idx" ON "payout_recharges" USING btree ("requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_withdrawals_key" ON "wallet_withdrawals" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_status_idx" ON "wallet_withdrawals" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_requested_idx" ON "wallet_withdrawals" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_customer_idx" ON "wallet_withdrawals" USING btree ("customer_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_invite_code_key" ON "wallets" USING btree ("invite_code");