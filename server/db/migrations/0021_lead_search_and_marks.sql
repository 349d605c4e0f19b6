-- Search (GET /api/leads?search=, decision 0035): each lead's email, names, company and custom-field values as one
-- lowercase text (the generated column search_text), trigram-indexed, so a '%word%' match is an index lookup.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE FUNCTION lead_search_text(email text, first_name text, last_name text, company text, custom_fields jsonb)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN lower(concat_ws(' ', email, first_name, last_name, company,
    (SELECT string_agg(value, ' ') FROM jsonb_each_text(custom_fields))));
--> statement-breakpoint
CREATE TABLE "lead_list_marks" (
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"lead_id" bigint NOT NULL,
	"older" integer NOT NULL,
	CONSTRAINT "lead_list_marks_user_id_created_at_lead_id_pk" PRIMARY KEY("user_id","created_at","lead_id")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lead_search_text("leads"."email", "leads"."first_name", "leads"."last_name", "leads"."company", "leads"."custom_fields")) STORED;--> statement-breakpoint
ALTER TABLE "lead_list_marks" ADD CONSTRAINT "lead_list_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_list_marks_user_older_idx" ON "lead_list_marks" USING btree ("user_id","older");--> statement-breakpoint
CREATE INDEX "leads_user_status_created_idx" ON "leads" USING btree ("user_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_search_idx" ON "leads" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=512);
--> statement-breakpoint
-- Bookmarks into each user's list, newest first (lead_list_marks, decision 0035), so a deep page seeks instead of
-- walking every row before it. A mark's `older` counts the user's leads sorting at or after its key. New leads sort
-- first, so an import leaves every mark as it is and only adds marks over its own rows: one every `spacing` leads,
-- walking from the newest mark towards the newest lead.
CREATE FUNCTION lead_list_marks_fill(owner uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  spacing constant integer := 1000;
  total integer;
  mark_at timestamptz;
  mark_id bigint;
  mark_older integer;
  next_at timestamptz;
  next_id bigint;
BEGIN
  -- lead_counts is already up to date: its trigger (leads_counts_*) fires before leads_list_marks_* by name.
  SELECT counts.total INTO total FROM lead_counts AS counts WHERE counts.user_id = owner;
  LOOP
    SELECT m.created_at, m.lead_id, m.older INTO mark_at, mark_id, mark_older FROM lead_list_marks AS m
      WHERE m.user_id = owner ORDER BY m.created_at DESC, m.lead_id DESC LIMIT 1;
    EXIT WHEN coalesce(total, 0) - coalesce(mark_older, 0) <= spacing;
    SELECT l.created_at, l.id INTO next_at, next_id FROM leads AS l
      WHERE l.user_id = owner
        AND (l.created_at, l.id) > (coalesce(mark_at, '-infinity'::timestamptz), coalesce(mark_id, 0))
      -- NULLS FIRST: leads_user_created_idx read backwards (the columns are never null).
      ORDER BY l.created_at NULLS FIRST, l.id NULLS FIRST OFFSET spacing - 1 LIMIT 1;
    EXIT WHEN NOT FOUND;
    INSERT INTO lead_list_marks (user_id, created_at, lead_id, older)
      VALUES (owner, next_at, next_id, coalesce(mark_older, 0) + spacing);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION lead_list_marks_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Leads sorting at or after a mark (created_at in the past) count toward it; imports never get here: only marks
  -- at or after the batch's oldest created_at are looked at.
  UPDATE lead_list_marks AS m SET older = m.older + shifted.added
  FROM (
    SELECT marks.user_id, marks.created_at, marks.lead_id,
           (SELECT count(*) FROM inserted AS i
             WHERE i.user_id = marks.user_id
               AND (i.created_at, i.id) <= (marks.created_at, marks.lead_id))::int AS added
    FROM (SELECT user_id, min(created_at) AS oldest FROM inserted GROUP BY user_id) AS batch
    JOIN lead_list_marks AS marks ON marks.user_id = batch.user_id AND marks.created_at >= batch.oldest
  ) AS shifted
  WHERE m.user_id = shifted.user_id AND m.created_at = shifted.created_at AND m.lead_id = shifted.lead_id
    AND shifted.added > 0;
  PERFORM lead_list_marks_fill(owners.user_id) FROM (SELECT DISTINCT user_id FROM inserted) AS owners;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lead_list_marks_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each mark loses the deleted leads sorting at or after it: one ordered pass over the marks concerned and the
  -- deleted keys up to the newest of them (a deleted lead with a mark's own key sorts before the mark, so it is
  -- counted), never marks × deleted rows.
  WITH batch AS (
    SELECT user_id, min(created_at) AS oldest FROM deleted GROUP BY user_id
  ), concerned AS (
    SELECT marks.user_id, marks.created_at, marks.lead_id
    FROM batch JOIN lead_list_marks AS marks ON marks.user_id = batch.user_id AND marks.created_at >= batch.oldest
  ), newest AS (
    SELECT user_id, max(created_at) AS created_at FROM concerned GROUP BY user_id
  ), running AS (
    SELECT keys.*, count(*) FILTER (WHERE NOT keys.is_mark)
             OVER (PARTITION BY keys.user_id ORDER BY keys.created_at, keys.lead_id, keys.is_mark)::int AS removed
    FROM (
      SELECT user_id, created_at, lead_id, true AS is_mark FROM concerned
      UNION ALL
      SELECT d.user_id, d.created_at, d.id, false
      FROM deleted AS d JOIN newest ON newest.user_id = d.user_id AND d.created_at <= newest.created_at
    ) AS keys
  )
  UPDATE lead_list_marks AS m SET older = m.older - running.removed
  FROM running
  WHERE running.is_mark AND running.removed > 0
    AND m.user_id = running.user_id AND m.created_at = running.created_at AND m.lead_id = running.lead_id;
  -- A mark with nothing at or after it is never needed again.
  DELETE FROM lead_list_marks AS m WHERE m.older <= 0 AND m.user_id IN (SELECT DISTINCT user_id FROM deleted);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_list_marks_insert AFTER INSERT ON leads
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION lead_list_marks_after_insert();
--> statement-breakpoint
CREATE TRIGGER leads_list_marks_delete AFTER DELETE ON leads
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION lead_list_marks_after_delete();
--> statement-breakpoint
SELECT lead_list_marks_fill(user_id) FROM lead_counts;
