-- The dashboard's 12-week trends kept in dashboard_tallies, as its breakdowns are (migrations 0014, 0015, 0020): the
-- records created each week and the credit moved each week were counted over the window's rows on every call, a cost
-- that grew with the records of the last twelve weeks. Tallies companies_by_week, users_by_week, offers_by_week,
-- needs_by_week (records by the week of their created_at) and credited_by_week, debited_by_week (credit entries'
-- amounts, positive and negated negative), keyed by the week's Monday (UTC) as YYYY-MM-DD.
CREATE FUNCTION trend_week(at timestamptz) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS
  $$SELECT to_char(date_trunc('week', at AT TIME ZONE 'UTC'), 'YYYY-MM-DD')$$;
--> statement-breakpoint
-- tally_created_weeks(tally): a statement's records added to (inserted) or taken from (deleted) their weeks.
CREATE FUNCTION tally_created_weeks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE dashboard_tallies SET amount = 0 WHERE tally = TG_ARGV[0];
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_tallies (tally, key, slot, amount)
      SELECT TG_ARGV[0], trend_week(created_at), counter_slot(), count(*) FROM inserted_rows GROUP BY 2 ORDER BY 2
      ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key_slot DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount;
  ELSE
    INSERT INTO dashboard_tallies (tally, key, slot, amount)
      SELECT TG_ARGV[0], trend_week(created_at), counter_slot(), -count(*) FROM deleted_rows GROUP BY 2 ORDER BY 2
      ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key_slot DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- tally_moved_week(tally): a row whose created_at changed to another week (the row trigger's WHEN) leaves one for the
-- other; a row trigger on that column alone, so that every other update (a balance, a login) costs nothing. (Rows are
-- visited one at a time, not in the tallies' order: no code changes created_at.)
CREATE FUNCTION tally_moved_week() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_tallies (tally, key, slot, amount)
    SELECT TG_ARGV[0], week, counter_slot(), n FROM (VALUES (trend_week(OLD.created_at), -1), (trend_week(NEW.created_at), 1)) AS moved (week, n)
      ORDER BY week
    ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key_slot DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The credit moved each week by a statement's credit entries: credited (positive amounts) and debited (negated
-- negative ones). The ledger only ever inserts entries; deletions and changes are kept right all the same (a changed
-- entry is taken away as it was and added as it is, in one statement that visits the tallies in order).
CREATE FUNCTION tally_credit_weeks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE dashboard_tallies SET amount = 0 WHERE tally IN ('credited_by_week', 'debited_by_week');
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_tallies (tally, key, slot, amount)
      SELECT CASE WHEN amount > 0 THEN 'credited_by_week' ELSE 'debited_by_week' END, trend_week(created_at), counter_slot(), sum(abs(amount))
        FROM inserted_rows WHERE amount <> 0 GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key_slot DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_tallies (tally, key, slot, amount)
      SELECT CASE WHEN amount > 0 THEN 'credited_by_week' ELSE 'debited_by_week' END, trend_week(created_at), counter_slot(), -sum(abs(amount))
        FROM deleted_rows WHERE amount <> 0 GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key_slot DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount;
  ELSE
    -- Each branch names the transition tables its operation has.
    INSERT INTO dashboard_tallies (tally, key, slot, amount)
      SELECT CASE WHEN amount > 0 THEN 'credited_by_week' ELSE 'debited_by_week' END, trend_week(created_at), counter_slot(), sum(abs(amount) * n)
        FROM (SELECT amount, created_at, -1 AS n FROM deleted_rows UNION ALL SELECT amount, created_at, 1 FROM inserted_rows) AS moves
        WHERE amount <> 0 GROUP BY 1, 2 HAVING sum(abs(amount) * n) <> 0 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key_slot DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- No write may commit between the backfill's reading and the triggers' creation (servers still running the previous
-- build): the tables are locked against writes until the migration commits.
LOCK TABLE companies, users, offers, needs, credit_entries IN SHARE MODE;
--> statement-breakpoint
INSERT INTO dashboard_tallies (tally, key, amount)
  SELECT r.tally, trend_week(r.created_at), count(*)
    FROM (SELECT 'companies_by_week' AS tally, created_at FROM companies UNION ALL SELECT 'users_by_week', created_at FROM users
          UNION ALL SELECT 'offers_by_week', created_at FROM offers UNION ALL SELECT 'needs_by_week', created_at FROM needs) AS r (tally, created_at)
    GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO dashboard_tallies (tally, key, amount)
  SELECT CASE WHEN amount > 0 THEN 'credited_by_week' ELSE 'debited_by_week' END, trend_week(created_at), sum(abs(amount))
    FROM credit_entries WHERE amount <> 0 GROUP BY 1, 2;
--> statement-breakpoint
-- The same four triggers on each table whose records the trends count, named after it.
DO $$
DECLARE
  counted text;
BEGIN
  FOREACH counted IN ARRAY ARRAY['companies', 'users', 'offers', 'needs'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_created_weeks(%L)',
      counted || '_week_inserts', counted, counted || '_by_week');
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_created_weeks(%L)',
      counted || '_week_deletes', counted, counted || '_by_week');
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION tally_created_weeks(%L)',
      counted || '_week_truncates', counted, counted || '_by_week');
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE OF created_at ON %I FOR EACH ROW
        WHEN (trend_week(OLD.created_at) IS DISTINCT FROM trend_week(NEW.created_at)) EXECUTE FUNCTION tally_moved_week(%L)',
      counted || '_week_moves', counted, counted || '_by_week');
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER credit_entries_week_inserts AFTER INSERT ON credit_entries REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_credit_weeks();
--> statement-breakpoint
CREATE TRIGGER credit_entries_week_updates AFTER UPDATE ON credit_entries REFERENCING OLD TABLE AS deleted_rows NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_credit_weeks();
--> statement-breakpoint
CREATE TRIGGER credit_entries_week_deletes AFTER DELETE ON credit_entries REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_credit_weeks();
--> statement-breakpoint
CREATE TRIGGER credit_entries_week_truncates AFTER TRUNCATE ON credit_entries FOR EACH STATEMENT EXECUTE FUNCTION tally_credit_weeks();
