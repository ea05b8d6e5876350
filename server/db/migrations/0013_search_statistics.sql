-- The planner estimates `LIKE '%text%'` from the column's histogram: the share of its entries that match. At the
-- default target (100 entries) the estimate moves in steps of 1 % of the table from one ANALYZE to the next: a text
-- in 4 % of 1 000 000 companies was estimated at 20 000 to 70 000 rows. Below about 2 %, the bounded count of a
-- search (server/lib/searchTotal.ts) is planned as a bitmap scan of the trigram index, which gathers every match
-- before the LIMIT can stop it (23–31 ms for 40 000 matches), instead of a scan that stops at the bound (2.5–4 ms).
-- At 500 entries the same text was estimated at 36 000 to 44 000 rows over 15 ANALYZEs. The cost: about 0.15 ms
-- more planning per statement of a text search (0.1 → 0.25 ms), and ANALYZE reads 150 000 rows of these tables
-- instead of 30 000. (1 000 entries: 0.4 ms per statement, for little more accuracy.)
ALTER TABLE "companies" ALTER COLUMN "search_text" SET STATISTICS 500;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "name_lower" SET STATISTICS 500, ALTER COLUMN "email_lower" SET STATISTICS 500;--> statement-breakpoint
-- Now rather than at autovacuum's next ANALYZE: the new columns of 0012 have no statistics yet.
ANALYZE "companies" ("search_text");--> statement-breakpoint
ANALYZE "users" ("name_lower", "email_lower");
