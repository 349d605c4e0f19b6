CREATE TABLE "inbound_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"account_id" bigint,
	"message_id" text NOT NULL,
	"kind" text NOT NULL,
	"lead_id" bigint,
	"recipient_id" bigint,
	"from_address" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"reply_text" text DEFAULT '' NOT NULL,
	"thread_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"priority" text,
	"priority_reason" text,
	"unsubscribe_request" boolean DEFAULT false NOT NULL,
	"followup_required" boolean DEFAULT false NOT NULL,
	"followup_completed" boolean DEFAULT false NOT NULL,
	"followup_completed_at" timestamp with time zone,
	"meeting_booked_at" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_cursors" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"cursor" jsonb,
	"last_read_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "body_text" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "inbound_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "booking_urls" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_recipient_id_campaign_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."campaign_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_cursors" ADD CONSTRAINT "inbox_cursors_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_account_message_idx" ON "inbound_messages" USING btree ("account_id","message_id");--> statement-breakpoint
CREATE INDEX "inbound_messages_user_replies_idx" ON "inbound_messages" USING btree ("user_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE kind = 'reply';--> statement-breakpoint
CREATE INDEX "inbound_messages_user_pending_idx" ON "inbound_messages" USING btree ("user_id","received_at" DESC NULLS LAST) WHERE kind = 'reply' AND followup_required AND NOT followup_completed;--> statement-breakpoint
CREATE INDEX "inbound_messages_lead_idx" ON "inbound_messages" USING btree ("lead_id","received_at");