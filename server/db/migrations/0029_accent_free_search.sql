-- Every text search matches folded text (search_fold, 0027): the stored search columns and trigram indexes hold it.
-- Companies are also found by e-mail and phone, offers by their company's name; users by their company's name through
-- companies_name_fold_trgm_idx. The new columns keep 0013's statistics target.
DROP INDEX "admins_name_trgm_idx";--> statement-breakpoint
DROP INDEX "admins_email_trgm_idx";--> statement-breakpoint
DROP INDEX "companies_search_trgm_idx";--> statement-breakpoint
DROP INDEX "needs_description_trgm_idx";--> statement-breakpoint
DROP INDEX "needs_organisation_name_trgm_idx";--> statement-breakpoint
DROP INDEX "offers_search_trgm_idx";--> statement-breakpoint
DROP INDEX "rooms_offer_title_trgm_idx";--> statement-breakpoint
DROP INDEX "rooms_seller_name_trgm_idx";--> statement-breakpoint
DROP INDEX "rooms_buyer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_name_lower_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_lower_trgm_idx";--> statement-breakpoint
ALTER TABLE "companies" drop column "search_text";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce(name, '') || ' ' || coalesce(city, '') || ' ' || coalesce(postal_code, '') || ' ' || coalesce(siret, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) STORED;--> statement-breakpoint
ALTER TABLE "offers" drop column "search_text";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(organisation_name, ''))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (search_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_folded" text GENERATED ALWAYS AS (search_fold(email)) STORED;--> statement-breakpoint
CREATE INDEX "admins_name_fold_trgm_idx" ON "admins" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "admins_email_fold_trgm_idx" ON "admins" USING gin (search_fold("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_search_fold_trgm_idx" ON "companies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_name_fold_trgm_idx" ON "companies" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "needs_description_fold_trgm_idx" ON "needs" USING gin (search_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "needs_organisation_name_fold_trgm_idx" ON "needs" USING gin (search_fold("organisation_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_search_fold_trgm_idx" ON "offers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rooms_offer_title_fold_trgm_idx" ON "rooms" USING gin (search_fold("offer_title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rooms_seller_name_fold_trgm_idx" ON "rooms" USING gin (search_fold("seller_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rooms_buyer_name_fold_trgm_idx" ON "rooms" USING gin (search_fold("buyer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_fold_trgm_idx" ON "users" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_fold_trgm_idx" ON "users" USING gin ("email_folded" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "name_lower";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "email_lower";--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "search_text" SET STATISTICS 500;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "name_folded" SET STATISTICS 500, ALTER COLUMN "email_folded" SET STATISTICS 500;--> statement-breakpoint
ANALYZE "companies" ("search_text");--> statement-breakpoint
ANALYZE "users" ("name_folded", "email_folded");
