ALTER TABLE "rooms" ADD COLUMN "last_message" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "rooms_last_activity_idx" ON "rooms" USING btree ("last_activity_at","id");--> statement-breakpoint
-- A room's last activity is always read from its messages: the last one's text and time, or (NULL, the
-- room's creation) without one. Computed on insert and whenever the copy or the creation time is written.
CREATE FUNCTION copy_room_last_activity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  latest record;
BEGIN
  SELECT text, created_at INTO latest FROM room_messages WHERE room_id = NEW.id ORDER BY created_at DESC, id DESC LIMIT 1;
  IF FOUND THEN
    NEW.last_message := latest.text;
    NEW.last_activity_at := latest.created_at;
  ELSE
    NEW.last_message := NULL;
    NEW.last_activity_at := NEW.created_at;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rooms_last_activity BEFORE INSERT OR UPDATE OF created_at, last_message, last_activity_at ON rooms FOR EACH ROW EXECUTE FUNCTION copy_room_last_activity();
--> statement-breakpoint
-- Messages written, changed or deleted: their rooms' copies are computed again, once per room and statement.
CREATE FUNCTION touch_rooms_of_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE rooms SET last_activity_at = last_activity_at WHERE id IN (SELECT room_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE rooms SET last_activity_at = last_activity_at WHERE id IN (SELECT room_id FROM old_rows);
  ELSE
    UPDATE rooms SET last_activity_at = last_activity_at WHERE id IN (SELECT room_id FROM new_rows UNION SELECT room_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER room_messages_inserted AFTER INSERT ON room_messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_rooms_of_messages();
--> statement-breakpoint
CREATE TRIGGER room_messages_deleted AFTER DELETE ON room_messages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_rooms_of_messages();
--> statement-breakpoint
CREATE TRIGGER room_messages_updated AFTER UPDATE ON room_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_rooms_of_messages();
--> statement-breakpoint
-- Every server listening on `room_activity` hears of each new message at commit: ids only (a payload must stay
-- under 8000 bytes); the listener reads the row.
CREATE FUNCTION notify_room_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('room_activity', json_build_object('room', NEW.room_id, 'message', NEW.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER room_messages_notify AFTER INSERT ON room_messages FOR EACH ROW EXECUTE FUNCTION notify_room_message();
--> statement-breakpoint
UPDATE rooms SET last_activity_at = last_activity_at;
