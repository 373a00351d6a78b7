CREATE TABLE "collection_credits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"payment_id" text NOT NULL,
	"virtual_account_id" integer,
	"method" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"payer_reference" text DEFAULT '' NOT NULL,
	"credited_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"order_id" integer,
	"repayment_id" integer,
	"note" text,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "collection_credits_status" CHECK ("collection_credits"."status" in ('applied', 'unmatched')),
	CONSTRAINT "collection_credits_method" CHECK ("collection_credits"."method" in ('bank_transfer', 'upi')),
	CONSTRAINT "collection_credits_amount_positive" CHECK ("collection_credits"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "virtual_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"upi_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"phone" text NOT NULL,
	"template_id" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_messages_status" CHECK ("sms_messages"."status" in ('queued', 'sent', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gateway_events_pkey" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "collection_credits" ADD CONSTRAINT "collection_credits_virtual_account_id_virtual_accounts_id_fk" FOREIGN KEY ("virtual_account_id") REFERENCES "virtual_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_credits_payment_key" ON "collection_credits" USING btree ("provider","payment_id");--> statement-breakpoint
CREATE INDEX "collection_credits_credited_idx" ON "collection_credits" USING btree ("credited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_customer_provider_key" ON "virtual_accounts" USING btree ("customer_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_provider_account_key" ON "virtual_accounts" USING btree ("provider","provider_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_account_number_key" ON "virtual_accounts" USING btree ("provider","account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_upi_key" ON "virtual_accounts" USING btree ("provider","upi_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_provider_message_key" ON "sms_messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "sms_messages_phone_idx" ON "sms_messages" USING btree ("phone","created_at");