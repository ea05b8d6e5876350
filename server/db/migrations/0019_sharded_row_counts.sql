-- A table's row count becomes the sum of up to 16 slots, and each session adds to the slot of its own process id: with
-- one row per table, every audited action (each inserts an audit event) took that row's lock until its commit, so
-- concurrent writes through the whole console queued one commit at a time. Two sessions share a slot only when their
-- process ids agree modulo 16, and a session writes one slot per table, so no new lock cycle is possible.
-- Servers built before this migration read one row per table: stop them before a server with it starts.
-- counter_slot() is the slot a session writes, for every counter kept in slots.
CREATE FUNCTION counter_slot() RETURNS smallint LANGUAGE sql STABLE PARALLEL RESTRICTED AS 'SELECT (pg_backend_pid() % 16)::smallint';
--> statement-breakpoint
ALTER TABLE "row_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "row_counts" DROP CONSTRAINT "row_counts_pkey";
--> statement-breakpoint
ALTER TABLE "row_counts" ADD CONSTRAINT "row_counts_table_name_slot_pk" PRIMARY KEY("table_name","slot");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION maintain_row_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE row_counts SET row_count = 0 WHERE table_name = TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  -- Each branch names the one transition table its operation has.
  IF TG_OP = 'INSERT' THEN
    moved := (SELECT count(*) FROM inserted_rows);
  ELSE
    moved := -(SELECT count(*) FROM deleted_rows);
  END IF;
  IF moved <> 0 THEN
    INSERT INTO row_counts (table_name, slot, row_count) VALUES (TG_TABLE_NAME, counter_slot(), moved)
      ON CONFLICT (table_name, slot) DO UPDATE SET row_count = row_counts.row_count + EXCLUDED.row_count;
  END IF;
  RETURN NULL;
END
$$;
