CREATE TABLE "payout_dispatches" (
	"payout_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"gateway_payout_id" text,
	"gateway_status" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lookups" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_check_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_dispatches" ADD CONSTRAINT "payout_dispatches_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_dispatches_reference_key" ON "payout_dispatches" USING btree ("provider","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_dispatches_gateway_payout_key" ON "payout_dispatches" USING btree ("provider","gateway_payout_id");--> statement-breakpoint
CREATE INDEX "payout_dispatches_next_check_idx" ON "payout_dispatches" USING btree ("next_check_at");