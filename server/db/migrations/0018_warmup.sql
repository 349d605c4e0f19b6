ALTER TABLE "email_accounts" ADD COLUMN "warmup_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "warmup_start_date" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "warmup_daily_step" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
-- Mailboxes linked before the ramp existed have been sending already: they count as warm.
UPDATE "email_accounts" SET "warmup_enabled" = false;
