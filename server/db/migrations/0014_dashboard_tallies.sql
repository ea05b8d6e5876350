CREATE TABLE "dashboard_tallies" (
	"tally" text NOT NULL,
	"key" text,
	"amount" numeric NOT NULL,
	CONSTRAINT "dashboard_tallies_tally_key" UNIQUE NULLS NOT DISTINCT("tally","key")
);
--> statement-breakpoint
-- The dashboard's breakdowns and the credit in circulation, kept by the statements that change them (schema.ts
-- `dashboardTallies`): grouping every offer and need took 66 ms at 100 000 rows each, linear in the rows. Each trigger
-- adds what its statement inserted and takes away what it deleted (an update does both, and writes only the tallies
-- whose amount moves), visiting the tallies in one order so that two statements never wait for each other in a cycle.
CREATE FUNCTION tally_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE dashboard_tallies SET amount = 0 WHERE tally = 'offers_by_domain';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_tallies (tally, key, amount)
      SELECT 'offers_by_domain', activity_domain, count(*) FROM inserted_rows GROUP BY 2 ORDER BY 2
      ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_tallies (tally, key, amount)
      SELECT 'offers_by_domain', activity_domain, -count(*) FROM deleted_rows GROUP BY 2 ORDER BY 2
      ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount;
  ELSE
    INSERT INTO dashboard_tallies (tally, key, amount)
      SELECT 'offers_by_domain', activity_domain, sum(n)
        FROM (SELECT activity_domain, 1 AS n FROM inserted_rows UNION ALL SELECT activity_domain, -1 FROM deleted_rows) AS changes
        GROUP BY 2 HAVING sum(n) <> 0 ORDER BY 2
      ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION tally_needs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE dashboard_tallies SET amount = 0 WHERE tally IN ('needs_by_domain', 'needs_by_status', 'needs_by_urgency');
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_tallies (tally, key, amount)
      SELECT t.tally, t.key, count(*) FROM inserted_rows AS r
        CROSS JOIN LATERAL (VALUES ('needs_by_domain', r.activity_domain), ('needs_by_status', r.status), ('needs_by_urgency', r.emergency)) AS t (tally, key)
        GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_tallies (tally, key, amount)
      SELECT t.tally, t.key, -count(*) FROM deleted_rows AS r
        CROSS JOIN LATERAL (VALUES ('needs_by_domain', r.activity_domain), ('needs_by_status', r.status), ('needs_by_urgency', r.emergency)) AS t (tally, key)
        GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount;
  ELSE
    INSERT INTO dashboard_tallies (tally, key, amount)
      SELECT t.tally, t.key, sum(r.n)
        FROM (SELECT activity_domain, status, emergency, 1 AS n FROM inserted_rows
              UNION ALL SELECT activity_domain, status, emergency, -1 FROM deleted_rows) AS r
        CROSS JOIN LATERAL (VALUES ('needs_by_domain', r.activity_domain), ('needs_by_status', r.status), ('needs_by_urgency', r.emergency)) AS t (tally, key)
        GROUP BY 1, 2 HAVING sum(r.n) <> 0 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT dashboard_tallies_tally_key DO UPDATE SET amount = dashboard_tallies.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The credit's single row always exists (inserted below): a change of balances adds their difference to it.
CREATE FUNCTION tally_credit() RETURNS trigger LANGUAGE plpgsql AS $$
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
    UPDATE dashboard_tallies SET amount = amount + moved WHERE tally = 'credit_in_circulation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO dashboard_tallies (tally, key, amount) SELECT 'offers_by_domain', activity_domain, count(*) FROM offers GROUP BY 2;
--> statement-breakpoint
INSERT INTO dashboard_tallies (tally, key, amount)
  SELECT t.tally, t.key, count(*) FROM needs AS r
    CROSS JOIN LATERAL (VALUES ('needs_by_domain', r.activity_domain), ('needs_by_status', r.status), ('needs_by_urgency', r.emergency)) AS t (tally, key)
    GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO dashboard_tallies (tally, key, amount) SELECT 'credit_in_circulation', NULL, coalesce(sum(credit_balance), 0) FROM companies;
--> statement-breakpoint
CREATE TRIGGER offers_tally_inserts AFTER INSERT ON offers REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_offers();
--> statement-breakpoint
CREATE TRIGGER offers_tally_updates AFTER UPDATE ON offers REFERENCING OLD TABLE AS deleted_rows NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_offers();
--> statement-breakpoint
CREATE TRIGGER offers_tally_deletes AFTER DELETE ON offers REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_offers();
--> statement-breakpoint
CREATE TRIGGER offers_tally_truncates AFTER TRUNCATE ON offers FOR EACH STATEMENT EXECUTE FUNCTION tally_offers();
--> statement-breakpoint
CREATE TRIGGER needs_tally_inserts AFTER INSERT ON needs REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_needs();
--> statement-breakpoint
CREATE TRIGGER needs_tally_updates AFTER UPDATE ON needs REFERENCING OLD TABLE AS deleted_rows NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_needs();
--> statement-breakpoint
CREATE TRIGGER needs_tally_deletes AFTER DELETE ON needs REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_needs();
--> statement-breakpoint
CREATE TRIGGER needs_tally_truncates AFTER TRUNCATE ON needs FOR EACH STATEMENT EXECUTE FUNCTION tally_needs();
--> statement-breakpoint
CREATE TRIGGER companies_tally_inserts AFTER INSERT ON companies REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_credit();
--> statement-breakpoint
CREATE TRIGGER companies_tally_updates AFTER UPDATE ON companies REFERENCING OLD TABLE AS deleted_rows NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_credit();
--> statement-breakpoint
CREATE TRIGGER companies_tally_deletes AFTER DELETE ON companies REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_credit();
--> statement-breakpoint
CREATE TRIGGER companies_tally_truncates AFTER TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION tally_credit();
