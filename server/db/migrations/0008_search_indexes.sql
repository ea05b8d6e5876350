DROP INDEX "audit_events_created_at_idx";--> statement-breakpoint
DROP INDEX "audit_events_entity_idx";--> statement-breakpoint
DROP INDEX "audit_events_admin_idx";--> statement-breakpoint
DROP INDEX "audit_events_action_idx";--> statement-breakpoint
DROP INDEX "credit_entries_company_idx";--> statement-breakpoint
CREATE INDEX "admins_name_trgm_idx" ON "admins" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "admins_email_trgm_idx" ON "admins" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_activity_domain_idx" ON "companies" USING btree ("activity_domain","id");--> statement-breakpoint
CREATE INDEX "needs_sub_domain_idx" ON "needs" USING btree ("sub_activity_domain","created_at","id");--> statement-breakpoint
CREATE INDEX "needs_emergency_idx" ON "needs" USING btree ("emergency","id");--> statement-breakpoint
CREATE INDEX "offers_sub_domain_idx" ON "offers" USING btree ("sub_activity_domain","created_at","id");--> statement-breakpoint
CREATE INDEX "offers_title_idx" ON "offers" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "offers_price_idx" ON "offers" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "offers_credit_ratio_idx" ON "offers" USING btree ("credit_ratio","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_events_created_at_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity","entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_admin_idx" ON "audit_events" USING btree ("admin_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "credit_entries_company_idx" ON "credit_entries" USING btree ("company_id","created_at","id");