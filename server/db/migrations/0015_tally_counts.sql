-- One trigger function for the offers' and the needs' tallies of migration 0014 (tally_offers and tally_needs were
-- two copies of one body that differed only in the columns they count).
-- tally_counts(tally, column, tally, column…) counts a statement's rows by each column named: it adds what the
-- statement inserted and takes away what it deleted (an update does both, and writes only the tallies whose count
-- moves), visiting the tallies in one order so that two statements never wait for each other in a cycle.
CREATE FUNCTION tally_counts() RETURNS trigger LANGUAGE plpgsql AS $$
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
    'INSERT INTO dashboard_tallies (tally, key, amount)
       SELECT t.tally, t.key, sum(r.n) FROM (%s) AS r CROSS JOIN LATERAL (VALUES %s) AS t (tally, key)
       GROUP BY 1, 2 HAVING sum(r.n) <> 0 ORDER BY 1, 2
     ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount',
    concat_ws(' UNION ALL ',
      CASE WHEN TG_OP <> 'DELETE' THEN 'SELECT *, 1 AS n FROM inserted_rows' END,
      CASE WHEN TG_OP <> 'INSERT' THEN 'SELECT *, -1 AS n FROM deleted_rows' END),
    array_to_string(keys, ', '));
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER offers_tally_inserts ON offers;
--> statement-breakpoint
CREATE TRIGGER offers_tally_inserts AFTER INSERT ON offers REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_counts('offers_by_domain', 'activity_domain');
--> statement-breakpoint
DROP TRIGGER offers_tally_updates ON offers;
--> statement-breakpoint
CREATE TRIGGER offers_tally_updates AFTER UPDATE ON offers REFERENCING OLD TABLE AS deleted_rows NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_counts('offers_by_domain', 'activity_domain');
--> statement-breakpoint
DROP TRIGGER offers_tally_deletes ON offers;
--> statement-breakpoint
CREATE TRIGGER offers_tally_deletes AFTER DELETE ON offers REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_counts('offers_by_domain', 'activity_domain');
--> statement-breakpoint
DROP TRIGGER offers_tally_truncates ON offers;
--> statement-breakpoint
CREATE TRIGGER offers_tally_truncates AFTER TRUNCATE ON offers FOR EACH STATEMENT EXECUTE FUNCTION tally_counts('offers_by_domain', 'activity_domain');
--> statement-breakpoint
DROP TRIGGER needs_tally_inserts ON needs;
--> statement-breakpoint
CREATE TRIGGER needs_tally_inserts AFTER INSERT ON needs REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_counts('needs_by_domain', 'activity_domain', 'needs_by_status', 'status', 'needs_by_urgency', 'emergency');
--> statement-breakpoint
DROP TRIGGER needs_tally_updates ON needs;
--> statement-breakpoint
CREATE TRIGGER needs_tally_updates AFTER UPDATE ON needs REFERENCING OLD TABLE AS deleted_rows NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_counts('needs_by_domain', 'activity_domain', 'needs_by_status', 'status', 'needs_by_urgency', 'emergency');
--> statement-breakpoint
DROP TRIGGER needs_tally_deletes ON needs;
--> statement-breakpoint
CREATE TRIGGER needs_tally_deletes AFTER DELETE ON needs REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_counts('needs_by_domain', 'activity_domain', 'needs_by_status', 'status', 'needs_by_urgency', 'emergency');
--> statement-breakpoint
DROP TRIGGER needs_tally_truncates ON needs;
--> statement-breakpoint
CREATE TRIGGER needs_tally_truncates AFTER TRUNCATE ON needs FOR EACH STATEMENT EXECUTE FUNCTION tally_counts('needs_by_domain', 'activity_domain', 'needs_by_status', 'status', 'needs_by_urgency', 'emergency');
--> statement-breakpoint
DROP FUNCTION tally_offers();
--> statement-breakpoint
DROP FUNCTION tally_needs();
