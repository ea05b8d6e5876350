-- Row counts kept for every paged search's table, so that an unfiltered search's total is exact in constant time.
INSERT INTO row_counts (table_name, row_count) SELECT 'admins', count(*) FROM admins;
--> statement-breakpoint
CREATE TRIGGER admins_count_inserts AFTER INSERT ON admins REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER admins_count_deletes AFTER DELETE ON admins REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER admins_count_truncates AFTER TRUNCATE ON admins FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
INSERT INTO row_counts (table_name, row_count) SELECT 'users', count(*) FROM users;
--> statement-breakpoint
CREATE TRIGGER users_count_inserts AFTER INSERT ON users REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER users_count_deletes AFTER DELETE ON users REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER users_count_truncates AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
INSERT INTO row_counts (table_name, row_count) SELECT 'offers', count(*) FROM offers;
--> statement-breakpoint
CREATE TRIGGER offers_count_inserts AFTER INSERT ON offers REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER offers_count_deletes AFTER DELETE ON offers REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER offers_count_truncates AFTER TRUNCATE ON offers FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
INSERT INTO row_counts (table_name, row_count) SELECT 'needs', count(*) FROM needs;
--> statement-breakpoint
CREATE TRIGGER needs_count_inserts AFTER INSERT ON needs REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER needs_count_deletes AFTER DELETE ON needs REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER needs_count_truncates AFTER TRUNCATE ON needs FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
INSERT INTO row_counts (table_name, row_count) SELECT 'rooms', count(*) FROM rooms;
--> statement-breakpoint
CREATE TRIGGER rooms_count_inserts AFTER INSERT ON rooms REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER rooms_count_deletes AFTER DELETE ON rooms REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
--> statement-breakpoint
CREATE TRIGGER rooms_count_truncates AFTER TRUNCATE ON rooms FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_count();
