CREATE TABLE "borrower_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "borrower_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"registration_date" date NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"name" text,
	"birth_date" date,
	"region" text,
	"occupation" text,
	"monthly_income_paise" bigint,
	"pan" text,
	"aadhaar_last4" text,
	"aadhaar_hash" text,
	"bank_verification" text DEFAULT 'none' NOT NULL,
	"bank_verification_ref" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "borrower_accounts_phone" CHECK ("borrower_accounts"."phone" ~ '^[6-9][0-9]{9}$'),
	CONSTRAINT "borrower_accounts_pan" CHECK ("borrower_accounts"."pan" is null or "borrower_accounts"."pan" ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
	CONSTRAINT "borrower_accounts_aadhaar_last4" CHECK ("borrower_accounts"."aadhaar_last4" is null or "borrower_accounts"."aadhaar_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "borrower_accounts_bank_verification" CHECK ("borrower_accounts"."bank_verification" in ('none', 'pending', 'verified', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "borrower_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "borrower_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"borrower_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "otp_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otp_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"live_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_ip" text NOT NULL,
	"sms_message_id" text,
	"template_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "otp_requests_purpose" CHECK ("otp_requests"."purpose" in ('login', 'loanAcceptance'))
);
--> statement-breakpoint
ALTER TABLE "borrower_sessions" ADD CONSTRAINT "borrower_sessions_borrower_id_borrower_accounts_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "borrower_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "borrower_accounts_phone_key" ON "borrower_accounts" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "borrower_accounts_customer_key" ON "borrower_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "borrower_accounts_pan_key" ON "borrower_accounts" USING btree ("pan");--> statement-breakpoint
CREATE UNIQUE INDEX "borrower_accounts_aadhaar_key" ON "borrower_accounts" USING btree ("aadhaar_hash");--> statement-breakpoint
CREATE INDEX "borrower_accounts_registration_idx" ON "borrower_accounts" USING btree ("registration_date");--> statement-breakpoint
CREATE UNIQUE INDEX "borrower_sessions_token_key" ON "borrower_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "borrower_sessions_borrower_idx" ON "borrower_sessions" USING btree ("borrower_id");--> statement-breakpoint
CREATE INDEX "otp_requests_phone_idx" ON "otp_requests" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "otp_requests_ip_idx" ON "otp_requests" USING btree ("requested_ip","created_at");--> statement-breakpoint
CREATE INDEX "otp_requests_live_idx" ON "otp_requests" USING btree ("expires_at") WHERE "otp_requests"."live_code" is not null;