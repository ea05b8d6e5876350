ALTER TABLE "needs" ADD COLUMN "organisation_name" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "organisation_name" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "seller_name" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "buyer_name" text;--> statement-breakpoint
UPDATE "offers" SET "organisation_name" = "companies"."name" FROM "companies" WHERE "companies"."id" = "offers"."organisation_id";--> statement-breakpoint
UPDATE "needs" SET "organisation_name" = "companies"."name" FROM "companies" WHERE "companies"."id" = "needs"."organisation_id";--> statement-breakpoint
UPDATE "rooms" SET "seller_name" = (SELECT "name" FROM "companies" WHERE "id" = "rooms"."seller_id"), "buyer_name" = (SELECT "name" FROM "companies" WHERE "id" = "rooms"."buyer_id") WHERE "seller_id" IS NOT NULL OR "buyer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "needs_organisation_name_trgm_idx" ON "needs" USING gin ("organisation_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "needs_organisation_name_idx" ON "needs" USING btree ("organisation_name","id");--> statement-breakpoint
CREATE INDEX "needs_description_prefix_idx" ON "needs" USING btree (left("description", 200));--> statement-breakpoint
CREATE INDEX "offers_organisation_name_idx" ON "offers" USING btree ("organisation_name","id");--> statement-breakpoint
CREATE INDEX "rooms_seller_name_trgm_idx" ON "rooms" USING gin ("seller_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rooms_buyer_name_trgm_idx" ON "rooms" USING gin ("buyer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rooms_seller_idx" ON "rooms" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "rooms_buyer_idx" ON "rooms" USING btree ("buyer_id");--> statement-breakpoint
-- A row's copy of a company name is always read from companies: set on insert, on a change of the company
-- (a deleted company's SET NULL included) and on any direct write of the copy.
CREATE FUNCTION copy_organisation_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.organisation_name := (SELECT name FROM companies WHERE id = NEW.organisation_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER offers_organisation_name BEFORE INSERT OR UPDATE OF organisation_id, organisation_name ON offers FOR EACH ROW EXECUTE FUNCTION copy_organisation_name();
--> statement-breakpoint
CREATE TRIGGER needs_organisation_name BEFORE INSERT OR UPDATE OF organisation_id, organisation_name ON needs FOR EACH ROW EXECUTE FUNCTION copy_organisation_name();
--> statement-breakpoint
CREATE FUNCTION copy_room_company_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seller_name := (SELECT name FROM companies WHERE id = NEW.seller_id);
  NEW.buyer_name := (SELECT name FROM companies WHERE id = NEW.buyer_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rooms_company_names BEFORE INSERT OR UPDATE OF seller_id, buyer_id, seller_name, buyer_name ON rooms FOR EACH ROW EXECUTE FUNCTION copy_room_company_names();
--> statement-breakpoint
-- A renamed company's name is copied again to its offers, needs and rooms, in the same transaction.
CREATE FUNCTION spread_company_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offers SET organisation_name = NEW.name WHERE organisation_id = NEW.id;
  UPDATE needs SET organisation_name = NEW.name WHERE organisation_id = NEW.id;
  UPDATE rooms SET seller_name = NEW.name WHERE seller_id = NEW.id;
  UPDATE rooms SET buyer_name = NEW.name WHERE buyer_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_spread_name AFTER UPDATE OF name ON companies FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION spread_company_name();
