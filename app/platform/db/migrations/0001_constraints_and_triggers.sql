-- What drizzle-kit cannot express: the bookings exclusion constraint, updated_at upkeep and
-- change notifications for the live feed.

CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- Two stays of one asset may not share a night. The range is half-open, so the check-out day
-- stays free for the next guest; cancelled bookings release their dates.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
  "asset_id" WITH =,
  daterange("check_in_date", "check_out_date", '[)') WITH &&
) WHERE ("status" <> 'cancelled');
--> statement-breakpoint
CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
    WHERE c.table_schema = current_schema() AND c.column_name = 'updated_at' AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION set_updated_at()', t || '_set_updated_at', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Live changes: one channel, a small JSON payload naming the table and the operation.
-- The server LISTENs and forwards these to browsers as Server-Sent Events.
CREATE FUNCTION notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('apiary_changes', json_build_object('table', TG_TABLE_NAME, 'op', TG_OP)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Call once per table that pages show live: SELECT watch_table_changes('posts');
CREATE FUNCTION watch_table_changes(target regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %s FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change()',
    target::text || '_notify_change', target
  );
END;
$$;
--> statement-breakpoint
SELECT watch_table_changes('menu_items');
--> statement-breakpoint
SELECT watch_table_changes('bookings');
--> statement-breakpoint
SELECT watch_table_changes('pages');
--> statement-breakpoint
-- Wakes the mail worker as soon as a message is committed.
CREATE FUNCTION notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('apiary_outbox', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER outbox_messages_notify AFTER INSERT ON "outbox_messages" FOR EACH STATEMENT EXECUTE FUNCTION notify_outbox();
