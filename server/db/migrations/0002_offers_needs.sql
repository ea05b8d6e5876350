CREATE TABLE "impersonation_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"admin_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "needs" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text,
	"activity_domain" text,
	"sub_activity_domain" text,
	"description" text NOT NULL,
	"emergency" text NOT NULL,
	"status" text DEFAULT 'en cours' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"organisation_id" text,
	"activity_domain" text,
	"sub_activity_domain" text,
	"price" double precision,
	"unit" text,
	"credit_ratio" double precision,
	"price_on_proposal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(title, '') || ' ' || coalesce(description, ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "impersonation_tokens" ADD CONSTRAINT "impersonation_tokens_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_tokens" ADD CONSTRAINT "impersonation_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs" ADD CONSTRAINT "needs_organisation_id_companies_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_organisation_id_companies_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impersonation_tokens_user_idx" ON "impersonation_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "needs_description_trgm_idx" ON "needs" USING gin (lower("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "needs_created_at_idx" ON "needs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "needs_domain_idx" ON "needs" USING btree ("activity_domain","sub_activity_domain","created_at");--> statement-breakpoint
CREATE INDEX "needs_organisation_idx" ON "needs" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_search_trgm_idx" ON "offers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_created_at_idx" ON "offers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "offers_domain_idx" ON "offers" USING btree ("activity_domain","sub_activity_domain","created_at");--> statement-breakpoint
CREATE INDEX "offers_organisation_idx" ON "offers" USING btree ("organisation_id","created_at");