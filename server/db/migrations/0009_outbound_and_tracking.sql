CREATE TABLE "tracking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"recipient_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"url" text,
	"machine" boolean DEFAULT false NOT NULL,
	"machine_reason" text,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP VIEW "public"."sent_emails";--> statement-breakpoint
ALTER TABLE "campaign_recipients" ALTER COLUMN "campaign_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ALTER COLUMN "lead_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "sends_per_minute" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "next_send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "kind" text DEFAULT 'campaign' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "account_id" bigint;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "to_address" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "account_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "tracking_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "sender_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "sender_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_recipient_id_campaign_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."campaign_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_events_recipient_idx" ON "tracking_events" USING btree ("recipient_id","kind");--> statement-breakpoint
CREATE INDEX "tracking_events_user_idx" ON "tracking_events" USING btree ("user_id","kind","machine");--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_user_sent_idx" ON "campaign_recipients" USING btree ("user_id","sent_at") WHERE state = 'sent';--> statement-breakpoint
CREATE VIEW "public"."sent_emails" AS (select "campaign_recipients"."id", "campaign_recipients"."user_id", "campaign_recipients"."lead_id", "campaigns"."template_id", "campaign_recipients"."subject" as "subject", "campaign_recipients"."week_number", "campaign_recipients"."sent_at", "campaign_recipients"."replied_at" from "campaign_recipients" inner join "campaigns" on "campaigns"."id" = "campaign_recipients"."campaign_id" where ("campaign_recipients"."state" = 'sent' and "campaign_recipients"."kind" = 'campaign'));