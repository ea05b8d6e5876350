CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"row_count" bigint NOT NULL
);
--> statement-breakpoint
-- One generic trigger function: a statement adds or removes as many rows as its transition table holds.
CREATE FUNCTION maintain_row_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE row_counts SET row_count = row_count + (SELECT count(*) FROM inserted_rows) WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE row_counts SET row_count = row_count - (SELECT count(*) FROM deleted_rows) WHERE table_name = TG_TABLE_NAME;
  ELSE
    UPDATE row_counts SET row_count = 0 WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO row_counts (table_name, row_count) SELECT 'companies', count(*) FROM companies;
--> statement-breakpoint
CREATE TRIGGER companies_count_inserts AFTER INSERT ON companies REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER companies_count_deletes AFTER DELETE ON companies REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER companies_count_truncates AFTER TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
