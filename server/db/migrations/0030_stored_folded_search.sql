-- 0029's expression indexes made the planner fold each row it filtered (translate() per row: 28–121 ms searches at
-- 100 000 rows): admins, needs and rooms now store their folded search text as offers and companies do, and companies
-- their folded name, which users are found by.
DROP INDEX "admins_name_fold_trgm_idx";--> statement-breakpoint
DROP INDEX "admins_email_fold_trgm_idx";--> statement-breakpoint
DROP INDEX "companies_name_fold_trgm_idx";--> statement-breakpoint
DROP INDEX "needs_description_fold_trgm_idx";--> statement-breakpoint
DROP INDEX "needs_organisation_name_fold_trgm_idx";--> statement-breakpoint
DROP INDEX "rooms_offer_title_fold_trgm_idx";--> statement-breakpoint
DROP INDEX "rooms_seller_name_fold_trgm_idx";--> statement-breakpoint
DROP INDEX "rooms_buyer_name_fold_trgm_idx";--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce(name, '') || ' ' || coalesce(email, ''))) STORED;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (search_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "needs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce(description, '') || ' ' || coalesce(organisation_name, ''))) STORED;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce(offer_title, '') || ' ' || coalesce(seller_name, '') || ' ' || coalesce(buyer_name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "admins_search_fold_trgm_idx" ON "admins" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_name_folded_trgm_idx" ON "companies" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "needs_search_fold_trgm_idx" ON "needs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rooms_search_fold_trgm_idx" ON "rooms" USING gin ("search_text" gin_trgm_ops);;--> statement-breakpoint
ANALYZE "admins" ("search_text");--> statement-breakpoint
ANALYZE "companies" ("name_folded");--> statement-breakpoint
ANALYZE "needs" ("search_text");--> statement-breakpoint
ANALYZE "rooms" ("search_text");--> statement-breakpoint
-- A BEFORE trigger sees no stored generated column in NEW: move_version leaves each one out, as 0022 did search_text.
DROP TRIGGER admins_version ON admins;--> statement-breakpoint
CREATE TRIGGER admins_version BEFORE UPDATE ON admins FOR EACH ROW EXECUTE FUNCTION move_version('last_login_at', 'password_hash', 'totp_secret', 'totp_enabled_at', 'totp_last_step', 'passkey_count', 'search_text');--> statement-breakpoint
DROP TRIGGER companies_version ON companies;--> statement-breakpoint
CREATE TRIGGER companies_version BEFORE UPDATE ON companies FOR EACH ROW EXECUTE FUNCTION move_version('search_text', 'name_folded');--> statement-breakpoint
DROP TRIGGER needs_version ON needs;--> statement-breakpoint
CREATE TRIGGER needs_version BEFORE UPDATE ON needs FOR EACH ROW EXECUTE FUNCTION move_version('organisation_name', 'search_text');--> statement-breakpoint
DROP TRIGGER users_version ON users;--> statement-breakpoint
CREATE TRIGGER users_version BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION move_version('last_login_at', 'name_folded', 'email_folded');
