-- Test mails join the one record of sent mail before their old table goes.
INSERT INTO "campaign_recipients" ("kind", "user_id", "account_id", "to_address", "state", "subject", "message_id", "sent_at", "attempts")
SELECT "kind", "user_id", "account_id", "to_address", 'sent', "subject", "message_id", "sent_at", 1 FROM "email_sends";--> statement-breakpoint
DROP TABLE "email_sends" CASCADE;
