CREATE TABLE "campaign_steps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"template_id" bigint,
	"delay_days" integer DEFAULT 0 NOT NULL,
	"same_thread" boolean DEFAULT false NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
DROP VIEW "public"."sent_emails";--> statement-breakpoint
DROP INDEX "campaign_recipients_campaign_lead_idx";--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "step" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "variant" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "template_id" bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "cadence" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "send_window_start" text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "send_window_end" text DEFAULT '17:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "send_days" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD CONSTRAINT "campaign_steps_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD CONSTRAINT "campaign_steps_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_steps_campaign_position_idx" ON "campaign_steps" USING btree ("campaign_id","position");--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_campaign_lead_step_idx" ON "campaign_recipients" USING btree ("campaign_id","lead_id","step");--> statement-breakpoint
CREATE VIEW "public"."sent_emails" AS (select "campaign_recipients"."id", "campaign_recipients"."user_id", "campaign_recipients"."lead_id", coalesce("campaign_recipients"."template_id", "campaigns"."template_id") as "template_id", "campaign_recipients"."subject" as "subject", "campaign_recipients"."week_number", "campaign_recipients"."sent_at", "campaign_recipients"."replied_at" from "campaign_recipients" inner join "campaigns" on "campaigns"."id" = "campaign_recipients"."campaign_id" where ("campaign_recipients"."state" = 'sent' and "campaign_recipients"."kind" = 'campaign'));