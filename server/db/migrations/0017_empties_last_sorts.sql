-- Descending sorts that keep empty values last (server/lib/listing.ts emptiesLast): one index each, read forward.
CREATE INDEX "companies_city_desc_idx" ON "companies" USING btree ("city" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "companies_activity_domain_desc_idx" ON "companies" USING btree ("activity_domain" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "companies_sub_domain_desc_idx" ON "companies" USING btree ("sub_activity_domain" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "needs_organisation_name_desc_idx" ON "needs" USING btree ("organisation_name" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offers_price_desc_idx" ON "offers" USING btree ("price" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offers_credit_ratio_desc_idx" ON "offers" USING btree ("credit_ratio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offers_organisation_name_desc_idx" ON "offers" USING btree ("organisation_name" DESC NULLS LAST,"id" DESC NULLS FIRST);