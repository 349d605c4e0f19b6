-- The campaign engine settles one mail per statement, and the rollups' statement trigger then ran the general
-- mail_rollups_apply (unnest, join, group, update, insert) for that one row: about a third of the statement's
-- time on the embedded database. One mail getting its outcome is now one upsert of its bucket (decision 0047);
-- anything else goes through mail_rollups_apply as before.
CREATE OR REPLACE FUNCTION campaign_mail_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed campaign_recipients[] := '{}';
  added campaign_recipients[] := '{}';
  mail campaign_recipients;
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
  IF cardinality(removed) = 0 AND cardinality(added) = 1 THEN
    -- One mail getting its outcome, as after every send of the campaign engine: mail_rollups_apply's work for that
    -- one row, as one upsert of its bucket (decision 0047).
    mail := added[1];
    INSERT INTO mail_rollups AS t (user_id, day, hour, template_id, account_id, step, mails, delivered, opened,
      clicked, replied, delivered_replied, machine_events, leads_mailed, leads_replied)
    SELECT mail.user_id,
      (coalesce(mail.sent_at, mail.claimed_at, 'epoch') AT TIME ZONE u.timezone)::date,
      extract(hour FROM coalesce(mail.sent_at, mail.claimed_at, 'epoch') AT TIME ZONE u.timezone)::int,
      coalesce(mail.template_id, c.template_id, 0), coalesce(mail.account_id, 0), mail.step, 1,
      (mail.state = 'sent')::int, (mail.state = 'sent' AND mail.human_opened)::int,
      (mail.state = 'sent' AND mail.human_clicked)::int, (mail.replied_at IS NOT NULL)::int,
      (mail.state = 'sent' AND mail.replied_at IS NOT NULL)::int, mail.machine_events, mail.lead_first::int,
      (mail.lead_first AND mail.lead_replied)::int
    FROM users u LEFT JOIN campaigns c ON c.id = mail.campaign_id
    WHERE u.id = mail.user_id
    ON CONFLICT (user_id, day, hour, template_id, account_id, step) DO UPDATE SET
      mails = t.mails + EXCLUDED.mails, delivered = t.delivered + EXCLUDED.delivered, opened = t.opened + EXCLUDED.opened,
      clicked = t.clicked + EXCLUDED.clicked, replied = t.replied + EXCLUDED.replied,
      delivered_replied = t.delivered_replied + EXCLUDED.delivered_replied,
      machine_events = t.machine_events + EXCLUDED.machine_events,
      leads_mailed = t.leads_mailed + EXCLUDED.leads_mailed, leads_replied = t.leads_replied + EXCLUDED.leads_replied;
  ELSIF cardinality(removed) > 0 OR cardinality(added) > 0 THEN
    PERFORM mail_rollups_apply(removed, added);
  END IF;
  RETURN NULL;
END $$;
