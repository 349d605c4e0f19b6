CREATE TABLE "mail_domain_checks" (
	"domain" text PRIMARY KEY NOT NULL,
	"accepts_mail" boolean NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "health" jsonb;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "dkim_selectors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "brake" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "brake_window_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status_reason" text;