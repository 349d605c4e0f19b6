ALTER TABLE "campaign_recipients" ADD COLUMN "link_hosts" text[];--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "hits_not_stored" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "hits" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "minute" timestamp with time zone;--> statement-breakpoint
-- One event per mail, kind, address, link and minute (decision 0059); events stored before have no minute and no key.
CREATE UNIQUE INDEX "tracking_events_minute_idx" ON "tracking_events" USING btree ("recipient_id","kind","ip_address",coalesce(md5(url), ''),"minute") WHERE minute IS NOT NULL;--> statement-breakpoint
-- A person's open or click, and the machine events, of mails counted again from all their events (decision 0020).
CREATE FUNCTION campaign_mail_tracking_recount(mails bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_recipients r SET
    human_opened = f.human_opened, human_clicked = f.human_clicked, machine_events = f.machine_events
  FROM (
    SELECT e.recipient_id,
      coalesce(bool_or(NOT e.machine), false) AS human_opened,
      coalesce(bool_or(NOT e.machine AND e.kind = 'click'), false) AS human_clicked,
      (count(*) FILTER (WHERE e.machine))::int AS machine_events
    FROM tracking_events e
    WHERE e.recipient_id = ANY(mails)
    GROUP BY e.recipient_id
  ) AS f
  WHERE r.id = f.recipient_id
    AND (r.human_opened, r.human_clicked, r.machine_events) IS DISTINCT FROM (f.human_opened, f.human_clicked, f.machine_events);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_mail_tracking_flags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM campaign_mail_tracking_recount(ARRAY(SELECT DISTINCT recipient_id FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update counts its mails again only where an event changed between a person's and a machine's (a scanner's
-- burst, or a person's hit joining a machine's event of the same address and minute): a repeat hit that only adds
-- to an event's count changes no figure, and counting its mail again would read all of the mail's events.
CREATE FUNCTION campaign_mail_tracking_flags_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM campaign_mail_tracking_recount(ARRAY(
    SELECT DISTINCT n.recipient_id FROM after_rows n JOIN before_rows o ON o.id = n.id
    WHERE n.machine IS DISTINCT FROM o.machine));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER tracking_events_flags_update ON tracking_events;--> statement-breakpoint
CREATE TRIGGER tracking_events_flags_update AFTER UPDATE ON tracking_events
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_mail_tracking_flags_changed();
