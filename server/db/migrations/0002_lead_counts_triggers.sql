-- lead_counts holds each user's totals so GET /api/leads/count reads one row instead of counting a million.
-- Statement-level triggers with transition tables: a 5,000-row import chunk updates the counts once, not 5,000 times.

CREATE FUNCTION lead_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_counts AS counts (user_id, total, active, unsubscribed, bounced)
  SELECT user_id, count(*), count(*) FILTER (WHERE status = 'active'),
         count(*) FILTER (WHERE status = 'unsubscribed'), count(*) FILTER (WHERE status = 'bounced')
  FROM inserted GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET
    total = counts.total + EXCLUDED.total,
    active = counts.active + EXCLUDED.active,
    unsubscribed = counts.unsubscribed + EXCLUDED.unsubscribed,
    bounced = counts.bounced + EXCLUDED.bounced;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deletes and updates only UPDATE existing rows: when a user is deleted, its lead_counts row may already be gone.
CREATE FUNCTION lead_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lead_counts AS counts SET
    total = counts.total - gone.total,
    active = counts.active - gone.active,
    unsubscribed = counts.unsubscribed - gone.unsubscribed,
    bounced = counts.bounced - gone.bounced
  FROM (
    SELECT user_id, count(*) AS total, count(*) FILTER (WHERE status = 'active') AS active,
           count(*) FILTER (WHERE status = 'unsubscribed') AS unsubscribed,
           count(*) FILTER (WHERE status = 'bounced') AS bounced
    FROM deleted GROUP BY user_id
  ) AS gone
  WHERE counts.user_id = gone.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lead_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lead_counts AS counts SET
    active = counts.active + delta.active,
    unsubscribed = counts.unsubscribed + delta.unsubscribed,
    bounced = counts.bounced + delta.bounced
  FROM (
    -- New statuses count +1, old statuses -1; an unchanged status nets to zero.
    SELECT user_id,
           sum(sign * (status = 'active')::int) AS active,
           sum(sign * (status = 'unsubscribed')::int) AS unsubscribed,
           sum(sign * (status = 'bounced')::int) AS bounced
    FROM (
      SELECT user_id, status, 1 AS sign FROM after_rows
      UNION ALL
      SELECT user_id, status, -1 FROM before_rows
    ) AS changes
    GROUP BY user_id
  ) AS delta
  WHERE counts.user_id = delta.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_counts_insert AFTER INSERT ON leads
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER leads_counts_delete AFTER DELETE ON leads
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER leads_counts_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_after_update();
