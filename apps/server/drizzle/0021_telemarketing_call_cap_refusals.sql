ALTER TABLE "telemarketing_calls" DROP CONSTRAINT "telemarketing_calls_outcome";--> statement-breakpoint
ALTER TABLE "telemarketing_calls" ADD CONSTRAINT "telemarketing_calls_outcome" CHECK ((not "telemarketing_calls"."refused" and "telemarketing_calls"."outcome" in ('promise', 'connected', 'notConnected')
        and "telemarketing_calls"."refusal" is null and "telemarketing_calls"."refusal_hours" is null)
        or ("telemarketing_calls"."refused" and "telemarketing_calls"."outcome" is null
        and (("telemarketing_calls"."refusal" = 'outsideHours' and "telemarketing_calls"."refusal_hours" is not null)
        or ("telemarketing_calls"."refusal" = 'callCap' and "telemarketing_calls"."refusal_hours" is null))));