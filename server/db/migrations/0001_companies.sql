CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"siret" text,
	"phone" text,
	"email" text,
	"street_number" text,
	"route" text,
	"city" text,
	"postal_code" text,
	"country" text,
	"activity_domain" text,
	"sub_activity_domain" text,
	"description" text,
	"legal_status" text,
	"employees" text,
	"turnover" double precision,
	"creation_year" integer,
	"website" text,
	"logo_url" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"credit_balance" double precision DEFAULT 0 NOT NULL,
	"organization_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || ' ' || coalesce(city, '') || ' ' || coalesce(postal_code, '') || ' ' || coalesce(siret, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "company_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"author_admin_id" text,
	"user_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"organisation_id" text,
	"invited" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_comments" ADD CONSTRAINT "company_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_comments" ADD CONSTRAINT "company_comments_author_admin_id_admins_id_fk" FOREIGN KEY ("author_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD CONSTRAINT "sync_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_jobs" ADD CONSTRAINT "sync_jobs_requested_by_admins_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_companies_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_created_at_idx" ON "companies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "companies_balance_idx" ON "companies" USING btree ("credit_balance","id");--> statement-breakpoint
CREATE INDEX "companies_city_idx" ON "companies" USING btree ("city","id");--> statement-breakpoint
CREATE INDEX "companies_domain_idx" ON "companies" USING btree ("activity_domain","sub_activity_domain","created_at");--> statement-breakpoint
CREATE INDEX "companies_sub_domain_idx" ON "companies" USING btree ("sub_activity_domain","id");--> statement-breakpoint
CREATE INDEX "company_comments_company_idx" ON "company_comments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "sync_jobs_company_idx" ON "sync_jobs" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_organisation_idx" ON "users" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");