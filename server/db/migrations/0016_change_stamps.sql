CREATE TABLE "change_stamps" (
	"table_name" text PRIMARY KEY NOT NULL,
	"stamp" bigint NOT NULL
);
--> statement-breakpoint
-- Every statement that changes a stamped table moves its stamp on, in the statement's transaction: a reader sees the
-- new stamp exactly when it can see the new rows.
CREATE FUNCTION stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE change_stamps SET stamp = stamp + 1 WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO change_stamps (table_name, stamp) VALUES ('category_images', 1);
--> statement-breakpoint
CREATE TRIGGER category_images_stamp AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category_images FOR EACH STATEMENT EXECUTE FUNCTION stamp_change();
