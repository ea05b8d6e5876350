CREATE TABLE "record_viewers" (
	"resource" text NOT NULL,
	"record_id" text NOT NULL,
	"tab_id" text NOT NULL,
	"admin_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_viewers_resource_record_id_tab_id_pk" PRIMARY KEY("resource","record_id","tab_id")
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "category_images" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "needs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "record_viewers" ADD CONSTRAINT "record_viewers_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_viewers_record_idx" ON "record_viewers" USING btree ("resource","record_id","seen_at");--> statement-breakpoint
-- Optimistic concurrency (docs/concurrency.md): an editable record's version moves on, in the UPDATE itself, whenever
-- a column an admin sees changes. The trigger's arguments name the columns that do not count: housekeeping written
-- by triggers or by signing in (a company's name copied onto its offers, a last-login stamp), secrets nobody sees,
-- and generated columns (not yet computed in a BEFORE trigger). Saving a record from a copy read before such a
-- change is then no conflict. Whatever an UPDATE writes into `version` itself is overridden.
CREATE FUNCTION move_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV is NULL for a trigger without arguments.
  IF (to_jsonb(NEW) - 'version' - coalesce(TG_ARGV, '{}')) IS DISTINCT FROM (to_jsonb(OLD) - 'version' - coalesce(TG_ARGV, '{}')) THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_version BEFORE UPDATE ON companies FOR EACH ROW EXECUTE FUNCTION move_version('search_text');
--> statement-breakpoint
CREATE TRIGGER offers_version BEFORE UPDATE ON offers FOR EACH ROW EXECUTE FUNCTION move_version('search_text', 'organisation_name');
--> statement-breakpoint
CREATE TRIGGER needs_version BEFORE UPDATE ON needs FOR EACH ROW EXECUTE FUNCTION move_version('organisation_name');
--> statement-breakpoint
CREATE TRIGGER users_version BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION move_version('last_login_at', 'name_lower', 'email_lower');
--> statement-breakpoint
CREATE TRIGGER admins_version BEFORE UPDATE ON admins FOR EACH ROW EXECUTE FUNCTION move_version('last_login_at', 'password_hash');
--> statement-breakpoint
CREATE TRIGGER category_images_version BEFORE UPDATE ON category_images FOR EACH ROW EXECUTE FUNCTION move_version();
