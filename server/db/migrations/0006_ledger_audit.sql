CREATE TABLE "audit_events" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_id" text,
	"admin_name" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"changes" jsonb,
	"ip" text,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"admin_id" text,
	"admin_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "impersonation_tokens" DROP CONSTRAINT "impersonation_tokens_admin_id_admins_id_fk";
--> statement-breakpoint
ALTER TABLE "impersonation_tokens" DROP CONSTRAINT "impersonation_tokens_user_id_users_id_fk";
--> statement-breakpoint
-- Balances become exact two-decimal credits below 10^12; a stored value outside that range (which
-- the old free number field allowed) is brought to the nearest bound.
ALTER TABLE "companies" ALTER COLUMN "credit_balance" SET DATA TYPE numeric(14, 2)
  USING round(greatest(-999999999999.99, least(999999999999.99, "credit_balance"))::numeric, 2);--> statement-breakpoint
ALTER TABLE "impersonation_tokens" ADD COLUMN "admin_name" text;--> statement-breakpoint
ALTER TABLE "impersonation_tokens" ADD COLUMN "user_name" text;--> statement-breakpoint
UPDATE "impersonation_tokens" t SET
  "admin_name" = (SELECT a."name" FROM "admins" a WHERE a."id" = t."admin_id"),
  "user_name" = (SELECT u."name" FROM "users" u WHERE u."id" = t."user_id");--> statement-breakpoint
-- Every existing balance becomes the company's opening entry, so that a balance always equals the sum of its entries.
INSERT INTO "credit_entries" ("id", "company_id", "amount", "balance_after", "reason", "created_at")
  SELECT substr(md5(random()::text || c."id"), 1, 24), c."id", c."credit_balance", c."credit_balance", 'Opening balance', c."created_at"
  FROM "companies" c WHERE c."credit_balance" <> 0;--> statement-breakpoint
CREATE INDEX "audit_events_created_at_idx" ON "audit_events" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_admin_idx" ON "audit_events" USING btree ("admin_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_entries_company_idx" ON "credit_entries" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_entries_created_at_idx" ON "credit_entries" USING btree ("created_at");--> statement-breakpoint
-- The whole trail's total is read in constant time, as for companies (migration 0005).
INSERT INTO row_counts (table_name, row_count) SELECT 'audit_events', count(*) FROM audit_events;
--> statement-breakpoint
CREATE TRIGGER audit_events_count_inserts AFTER INSERT ON audit_events REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER audit_events_count_deletes AFTER DELETE ON audit_events REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER audit_events_count_truncates AFTER TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
