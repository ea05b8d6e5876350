CREATE TABLE "mfa_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"admin_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"admin_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
-- Sessions open before this migration get an id of their own; new ones take the server's.
ALTER TABLE "sessions" ADD COLUMN "id" text;--> statement-breakpoint
UPDATE "sessions" SET "id" = substr(md5("token_hash" || random()::text), 1, 24);--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "mfa_tokens" ADD CONSTRAINT "mfa_tokens_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfa_tokens_admin_id_idx" ON "mfa_tokens" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "recovery_codes_admin_id_idx" ON "recovery_codes" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_id_key" ON "sessions" USING btree ("id");--> statement-breakpoint
-- A session's use (last_seen_at, authenticated_at) is no change for the servers' session caches (migration 0018): only
-- what makes a session or ends it notifies them.
DROP TRIGGER sessions_changes ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_changes AFTER UPDATE OF token_hash, admin_id, expires_at OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
-- The second factor's key is no field an admin edits: it moves no record version (migration 0022).
DROP TRIGGER admins_version ON admins;--> statement-breakpoint
CREATE TRIGGER admins_version BEFORE UPDATE ON admins FOR EACH ROW EXECUTE FUNCTION move_version('last_login_at', 'password_hash', 'totp_secret', 'totp_enabled_at');
