ALTER TABLE "telemarketing_calls" DROP CONSTRAINT "telemarketing_calls_outcome";--> statement-breakpoint
ALTER TABLE "telemarketing_calls" ALTER COLUMN "outcome" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "telemarketing_calls" ADD COLUMN "refused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "telemarketing_calls" ADD COLUMN "refusal" text;--> statement-breakpoint
ALTER TABLE "telemarketing_calls" ADD COLUMN "refusal_hours" text;--> statement-breakpoint
ALTER TABLE "telemarketing_calls" ADD CONSTRAINT "telemarketing_calls_outcome" CHECK ((not "telemarketing_calls"."refused" and "telemarketing_calls"."outcome" in ('promise', 'connected', 'notConnected')
        and "telemarketing_calls"."refusal" is null and "telemarketing_calls"."refusal_hours" is null)
        or ("telemarketing_calls"."refused" and "telemarketing_calls"."outcome" is null and "telemarketing_calls"."refusal" in ('outsideHours')
        and "telemarketing_calls"."refusal_hours" is not null));