ALTER TABLE "tracking_events" ADD COLUMN "lead_id" bigint;--> statement-breakpoint
-- Meetings booked count leads, from a person's clicks on the user's booking pages (campaigns/meetings.ts): the
-- click's lead is kept on it, so the count reads the index below and the clicks, not every clicked mail.
UPDATE tracking_events e SET lead_id = r.lead_id FROM campaign_recipients r WHERE r.id = e.recipient_id;
--> statement-breakpoint
CREATE FUNCTION tracking_event_lead() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.lead_id := (SELECT lead_id FROM campaign_recipients WHERE id = NEW.recipient_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tracking_events_lead BEFORE INSERT ON tracking_events
  FOR EACH ROW EXECUTE FUNCTION tracking_event_lead();
--> statement-breakpoint
CREATE INDEX "tracking_events_user_click_page_idx" ON "tracking_events" USING btree ("user_id",(lower(substring(url from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*'))
    || rtrim(substring(url from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*([^?#]*)'), '/'))) WHERE kind = 'click' AND NOT machine;