CREATE TABLE "mail_rollups" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" integer NOT NULL,
	"template_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"step" integer NOT NULL,
	"mails" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"clicked" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"delivered_replied" integer DEFAULT 0 NOT NULL,
	"machine_events" integer DEFAULT 0 NOT NULL,
	"leads_mailed" integer DEFAULT 0 NOT NULL,
	"leads_replied" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mail_rollups_user_id_day_hour_template_id_account_id_step_pk" PRIMARY KEY("user_id","day","hour","template_id","account_id","step")
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "human_opened" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "human_clicked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "machine_events" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "lead_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "lead_replied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_rollups" ADD CONSTRAINT "mail_rollups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The mails sent before this migration get their flags before the triggers exist (no trigger work per row).
UPDATE campaign_recipients r SET human_opened = true WHERE EXISTS (
  SELECT 1 FROM tracking_events e WHERE e.recipient_id = r.id AND NOT e.machine);
--> statement-breakpoint
UPDATE campaign_recipients r SET human_clicked = true WHERE EXISTS (
  SELECT 1 FROM tracking_events e WHERE e.recipient_id = r.id AND NOT e.machine AND e.kind = 'click');
--> statement-breakpoint
UPDATE campaign_recipients r SET machine_events = m.hits
FROM (SELECT recipient_id, count(*)::int AS hits FROM tracking_events WHERE machine GROUP BY recipient_id) AS m
WHERE r.id = m.recipient_id;
--> statement-breakpoint
UPDATE campaign_recipients r SET lead_first = true, lead_replied = EXISTS (
    SELECT 1 FROM campaign_recipients a WHERE a.lead_id = r.lead_id AND a.kind = 'campaign' AND a.replied_at IS NOT NULL)
WHERE r.id IN (
  SELECT DISTINCT ON (lead_id) id FROM campaign_recipients
  WHERE kind = 'campaign' AND lead_id IS NOT NULL AND state = 'sent'
  ORDER BY lead_id, sent_at, id);
--> statement-breakpoint
-- The figures' rollups (decision 0020). Triggers keep, in the transaction of each change: the flags of a mail
-- (human open and click, machine hits, first mail of its lead, lead answered) and the rollup rows of its bucket.
-- Statement-level triggers with transition tables: a batch of rows is one grouped upsert, not one per row.

-- A person's open or click, and the machine hits, of the mails whose tracking events changed, counted again.
CREATE FUNCTION campaign_mail_tracking_flags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_recipients r SET
    human_opened = f.human_opened, human_clicked = f.human_clicked, machine_events = f.machine_events
  FROM (
    SELECT e.recipient_id,
      coalesce(bool_or(NOT e.machine), false) AS human_opened,
      coalesce(bool_or(NOT e.machine AND e.kind = 'click'), false) AS human_clicked,
      (count(*) FILTER (WHERE e.machine))::int AS machine_events
    FROM tracking_events e
    WHERE e.recipient_id IN (SELECT DISTINCT recipient_id FROM changed)
    GROUP BY e.recipient_id
  ) AS f
  WHERE r.id = f.recipient_id
    AND (r.human_opened, r.human_clicked, r.machine_events) IS DISTINCT FROM (f.human_opened, f.human_clicked, f.machine_events);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tracking_events_flags_insert AFTER INSERT ON tracking_events
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_mail_tracking_flags();
--> statement-breakpoint
-- A scanner's burst turns an earlier click into a machine's.
CREATE TRIGGER tracking_events_flags_update AFTER UPDATE ON tracking_events
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_mail_tracking_flags();
--> statement-breakpoint
-- The lead's first delivered campaign mail carries lead_first; it carries lead_replied once the lead answered any
-- of its campaign mails. A lead lock orders two first mails at once.
CREATE FUNCTION campaign_mail_lead_flags() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delivered boolean := NEW.state = 'sent';
  was_delivered boolean := TG_OP = 'UPDATE' AND OLD.state = 'sent';
BEGIN
  IF NEW.kind <> 'campaign' OR NEW.lead_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF delivered AND NOT was_delivered THEN
    -- Only the sender's one-row updates race; a bulk insert (an import of past mails) would run out of locks.
    IF TG_OP = 'UPDATE' THEN
      PERFORM pg_advisory_xact_lock(20015, hashtext(NEW.lead_id::text));
    END IF;
    NEW.lead_first := NOT EXISTS (
      SELECT 1 FROM campaign_recipients r WHERE r.lead_id = NEW.lead_id AND r.lead_first AND r.id <> NEW.id);
  ELSIF NOT delivered THEN
    NEW.lead_first := false;
  END IF;
  NEW.lead_replied := NEW.lead_first AND (NEW.replied_at IS NOT NULL OR EXISTS (
    SELECT 1 FROM campaign_recipients r
    WHERE r.lead_id = NEW.lead_id AND r.kind = 'campaign' AND r.replied_at IS NOT NULL AND r.id <> NEW.id));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaign_recipients_lead_flags_insert BEFORE INSERT ON campaign_recipients
  FOR EACH ROW WHEN (NEW.kind = 'campaign' AND NEW.state = 'sent')
  EXECUTE FUNCTION campaign_mail_lead_flags();
--> statement-breakpoint
CREATE TRIGGER campaign_recipients_lead_flags_update BEFORE UPDATE ON campaign_recipients
  FOR EACH ROW WHEN (NEW.kind = 'campaign' AND (
    (NEW.state = 'sent') <> (OLD.state = 'sent')
    OR NEW.replied_at IS DISTINCT FROM OLD.replied_at OR NEW.lead_first IS DISTINCT FROM OLD.lead_first))
  EXECUTE FUNCTION campaign_mail_lead_flags();
--> statement-breakpoint
-- What follows on the lead's other mails: a first mail no longer delivered (a bounce came back) hands the mark to
-- the lead's earliest other delivered mail; a first answer marks the lead's first mail.
CREATE FUNCTION campaign_mail_lead_followups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.lead_first AND NOT NEW.lead_first THEN
    UPDATE campaign_recipients SET lead_first = true
    WHERE id = (
      SELECT r.id FROM campaign_recipients r
      WHERE r.lead_id = NEW.lead_id AND r.kind = 'campaign' AND r.state = 'sent' AND r.id <> NEW.id
      ORDER BY r.sent_at, r.id LIMIT 1);
  END IF;
  IF NEW.replied_at IS NOT NULL AND OLD.replied_at IS NULL THEN
    UPDATE campaign_recipients SET lead_replied = true
    WHERE lead_id = NEW.lead_id AND lead_first AND NOT lead_replied;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaign_recipients_lead_followups AFTER UPDATE ON campaign_recipients
  FOR EACH ROW WHEN (NEW.kind = 'campaign' AND NEW.lead_id IS NOT NULL AND (
    (OLD.lead_first AND NOT NEW.lead_first) OR (NEW.replied_at IS NOT NULL AND OLD.replied_at IS NULL)))
  EXECUTE FUNCTION campaign_mail_lead_followups();
--> statement-breakpoint
-- Adds the figures of `added` and takes away those of `removed` in their buckets: the user's local day and hour
-- of the mail's outcome, its template (a later step's own, else the campaign's), account and step. Only campaign
-- mails with an outcome count. Removals alone (deletes) only update, so a user being deleted is never inserted for.
CREATE FUNCTION mail_rollups_apply(removed campaign_recipients[], added campaign_recipients[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH changes AS (
    SELECT m.*, -1 AS sign FROM unnest(removed) AS m
    UNION ALL
    SELECT m.*, 1 AS sign FROM unnest(added) AS m
  ), deltas AS (
    SELECT ch.user_id,
      (coalesce(ch.sent_at, ch.claimed_at, 'epoch') AT TIME ZONE u.timezone)::date AS day,
      extract(hour FROM coalesce(ch.sent_at, ch.claimed_at, 'epoch') AT TIME ZONE u.timezone)::int AS hour,
      coalesce(ch.template_id, c.template_id, 0) AS template_id,
      coalesce(ch.account_id, 0) AS account_id,
      ch.step,
      sum(ch.sign)::int AS mails,
      sum(ch.sign * (ch.state = 'sent')::int)::int AS delivered,
      sum(ch.sign * (ch.state = 'sent' AND ch.human_opened)::int)::int AS opened,
      sum(ch.sign * (ch.state = 'sent' AND ch.human_clicked)::int)::int AS clicked,
      sum(ch.sign * (ch.replied_at IS NOT NULL)::int)::int AS replied,
      sum(ch.sign * (ch.state = 'sent' AND ch.replied_at IS NOT NULL)::int)::int AS delivered_replied,
      sum(ch.sign * ch.machine_events)::int AS machine_events,
      sum(ch.sign * ch.lead_first::int)::int AS leads_mailed,
      sum(ch.sign * (ch.lead_first AND ch.lead_replied)::int)::int AS leads_replied
    FROM changes ch
    JOIN users u ON u.id = ch.user_id
    LEFT JOIN campaigns c ON c.id = ch.campaign_id
    WHERE ch.kind = 'campaign' AND ch.state IN ('sent', 'failed', 'unknown')
    GROUP BY 1, 2, 3, 4, 5, 6
  ), nonzero AS (
    SELECT * FROM deltas
    WHERE (mails, delivered, opened, clicked, replied, delivered_replied, machine_events, leads_mailed, leads_replied)
      IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0, 0)
  ), updated AS (
    UPDATE mail_rollups AS t SET
      mails = t.mails + d.mails, delivered = t.delivered + d.delivered, opened = t.opened + d.opened,
      clicked = t.clicked + d.clicked, replied = t.replied + d.replied,
      delivered_replied = t.delivered_replied + d.delivered_replied, machine_events = t.machine_events + d.machine_events,
      leads_mailed = t.leads_mailed + d.leads_mailed, leads_replied = t.leads_replied + d.leads_replied
    FROM nonzero d
    WHERE (t.user_id, t.day, t.hour, t.template_id, t.account_id, t.step)
      = (d.user_id, d.day, d.hour, d.template_id, d.account_id, d.step)
    RETURNING t.user_id, t.day, t.hour, t.template_id, t.account_id, t.step
  )
  INSERT INTO mail_rollups AS t
  SELECT d.* FROM nonzero d
  WHERE cardinality(added) > 0
    AND NOT EXISTS (
      SELECT 1 FROM updated x
      WHERE (x.user_id, x.day, x.hour, x.template_id, x.account_id, x.step)
        = (d.user_id, d.day, d.hour, d.template_id, d.account_id, d.step))
  ON CONFLICT (user_id, day, hour, template_id, account_id, step) DO UPDATE SET
    mails = t.mails + EXCLUDED.mails, delivered = t.delivered + EXCLUDED.delivered, opened = t.opened + EXCLUDED.opened,
    clicked = t.clicked + EXCLUDED.clicked, replied = t.replied + EXCLUDED.replied,
    delivered_replied = t.delivered_replied + EXCLUDED.delivered_replied,
    machine_events = t.machine_events + EXCLUDED.machine_events,
    leads_mailed = t.leads_mailed + EXCLUDED.leads_mailed, leads_replied = t.leads_replied + EXCLUDED.leads_replied;
END $$;
--> statement-breakpoint
CREATE FUNCTION campaign_mail_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed campaign_recipients[] := '{}';
  added campaign_recipients[] := '{}';
BEGIN
  -- Only campaign mails with an outcome count: claiming pending mails or queuing a campaign costs nothing here.
  IF TG_OP <> 'INSERT' THEN
    removed := ARRAY(SELECT o::campaign_recipients FROM before_rows o
      WHERE o.kind = 'campaign' AND o.state IN ('sent', 'failed', 'unknown'));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    added := ARRAY(SELECT n::campaign_recipients FROM after_rows n
      WHERE n.kind = 'campaign' AND n.state IN ('sent', 'failed', 'unknown'));
  END IF;
  IF cardinality(removed) > 0 OR cardinality(added) > 0 THEN
    PERFORM mail_rollups_apply(removed, added);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaign_recipients_rollups_insert AFTER INSERT ON campaign_recipients
  REFERENCING NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_mail_rollups();
--> statement-breakpoint
CREATE TRIGGER campaign_recipients_rollups_update AFTER UPDATE ON campaign_recipients
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_mail_rollups();
--> statement-breakpoint
CREATE TRIGGER campaign_recipients_rollups_delete AFTER DELETE ON campaign_recipients
  REFERENCING OLD TABLE AS before_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_mail_rollups();
--> statement-breakpoint
-- A user's rollups counted again from their mails, as when they moved to another timezone. Safe beside sends
-- committing meanwhile: the insert adds to a bucket a concurrent send created after the delete.
CREATE FUNCTION mail_rollups_rebuild(owner uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  chunk campaign_recipients[];
  after_id bigint := 0;
BEGIN
  DELETE FROM mail_rollups WHERE user_id = owner;
  LOOP
    -- In chunks, so a million mails never sit in memory at once.
    chunk := ARRAY(
      SELECT r FROM campaign_recipients r
      WHERE r.user_id = owner AND r.kind = 'campaign' AND r.state IN ('sent', 'failed', 'unknown') AND r.id > after_id
      ORDER BY r.id LIMIT 20000);
    EXIT WHEN cardinality(chunk) = 0;
    PERFORM mail_rollups_apply('{}', chunk);
    after_id := (chunk[cardinality(chunk)]).id;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION users_timezone_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mail_rollups_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_timezone_rollups AFTER UPDATE OF timezone ON users
  FOR EACH ROW WHEN (NEW.timezone IS DISTINCT FROM OLD.timezone) EXECUTE FUNCTION users_timezone_rollups();
--> statement-breakpoint
SELECT mail_rollups_rebuild(id) FROM users;
