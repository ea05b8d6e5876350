DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
-- Both columns in one ALTER TABLE: the table is rewritten once, not twice (drizzle-kit wrote two statements).
ALTER TABLE "users" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower(name)) STORED, ADD COLUMN "email_lower" text GENERATED ALWAYS AS (lower(email)) STORED;--> statement-breakpoint
CREATE INDEX "users_name_lower_trgm_idx" ON "users" USING gin ("name_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_lower_trgm_idx" ON "users" USING gin ("email_lower" gin_trgm_ops);