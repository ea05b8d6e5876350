CREATE TABLE "credit_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_id" text NOT NULL,
	"requested_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by_id" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text
);
--> statement-breakpoint
-- Every admin before roles keeps the whole console (decisions.md); a new one without a role is support.
ALTER TABLE "admins" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ALTER COLUMN "role" SET DEFAULT 'support';--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_role_check" CHECK ("role" IN ('owner', 'finance', 'operations', 'support'));--> statement-breakpoint
ALTER TABLE "credit_requests" ADD CONSTRAINT "credit_requests_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected', 'expired'));--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "approved_by_id" text;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "approved_by_name" text;--> statement-breakpoint
CREATE INDEX "credit_requests_status_idx" ON "credit_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "credit_requests_company_idx" ON "credit_requests" USING btree ("company_id","created_at","id");