-- Each server keeps the admins behind recently used sessions in memory (server/lib/sessionCache.ts) and forgets them
-- all when this channel speaks: after any statement that changes or removes a session or an admin, at its commit.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changes AFTER UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER admins_changes AFTER UPDATE OR DELETE OR TRUNCATE ON admins FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
