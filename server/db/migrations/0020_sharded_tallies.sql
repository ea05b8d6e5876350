-- The dashboard's tallies kept in slots, as the row counts are (migration 0019): every change of a company's balance
-- added to the one credit_in_circulation row, and every offer or need created in a domain to that domain's row, each
-- holding the row's lock until its commit, so that credit moves on different companies queued one commit at a time.
-- A figure is now the sum of its slots; a session adds to its own slot (counter_slot()), visiting tallies in the same
-- order as before.
ALTER TABLE "dashboard_tallies" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "dashboard_tallies" DROP CONSTRAINT "dashboard_tallies_tally_key";
--> statement-breakpoint
ALTER TABLE "dashboard_tallies" ADD CONSTRAINT "dashboard_tallies_tally_key_slot" UNIQUE NULLS NOT DISTINCT("tally","key","slot");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tally_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tallies text[] := '{}';
  keys text[] := '{}';
BEGIN
  FOR pair IN 0 .. TG_NARGS / 2 - 1 LOOP
    tallies := tallies || TG_ARGV[2 * pair];
    keys := keys || format('(%L, r.%I)', TG_ARGV[2 * pair], TG_ARGV[2 * pair + 1]);
  END LOOP;
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE dashboard_tallies SET amount = 0 WHERE tally = ANY (tallies);
    RETURN NULL;
  END IF;
  -- The statement's transition tables (inserted_rows, deleted_rows) are visible to EXECUTE as to static SQL.
  EXECUTE format(
    'INSERT INTO dashboard_tallies (tally, key, slot, amount)
       SELECT t.tally, t.key, counter_slot(), sum(r.n) FROM (%s) AS r CROSS JOIN LATERAL (VALUES %s) AS t (tally, key)
       GROUP BY 1, 2 HAVING sum(r.n) <> 0 ORDER BY 1, 2
     ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key_slot DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount',
    concat_ws(' UNION ALL ',
      CASE WHEN TG_OP <> 'DELETE' THEN 'SELECT *, 1 AS n FROM inserted_rows' END,
      CASE WHEN TG_OP <> 'INSERT' THEN 'SELECT *, -1 AS n FROM deleted_rows' END),
    array_to_string(keys, ', '));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tally_credit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved numeric := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE dashboard_tallies SET amount = 0 WHERE tally = 'credit_in_circulation';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    moved := moved + (SELECT coalesce(sum(credit_balance), 0) FROM inserted_rows);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    moved := moved - (SELECT coalesce(sum(credit_balance), 0) FROM deleted_rows);
  END IF;
  IF moved <> 0 THEN
    INSERT INTO dashboard_tallies (tally, key, slot, amount) VALUES ('credit_in_circulation', NULL, counter_slot(), moved)
      ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key_slot DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END
$$;
