#!/usr/bin/env bash
# Every test of the project, one suite after another: type check, lint (ESLint, Prettier, knip), unit + component, bundle
# budgets (a production build), server on PGlite, server on PostgreSQL (when DATABASE_URL names one) directly and behind
# PgBouncer, end to end in Chromium.
# Prints a summary line per suite and a closing 'N passed, N failed'.
set -u
cd "$(dirname "$0")/.."
reports=.test-reports
rm -rf "$reports" && mkdir -p "$reports"
failed_steps=()
# The unit, component and server tests wait (on jsdom timers, on the database) more than they compute: four
# workers on a 2-core machine take about two thirds of the time of two (measured: server on PostgreSQL 213 → 102 s).
workers=--maxWorkers=4

step() { # name, command...
  local name=$1; shift
  echo; echo "=== $name"
  "$@" || failed_steps+=("$name")
}

# The type check, the lint and the console's one production build (read by the budgets and served by the end-to-end
# server) depend on none of each other: side by side, their three single-threaded runs take the time of the longest
# on two cores (measured: about 180 s one after the other). Each one's output is printed whole once all are done.
side_by_side() { # name, command...
  local name=$1; shift
  "$@" >"$reports/$name.log" 2>&1
  echo $? >"$reports/$name.status"
}
side_by_side typecheck npx tsc --noEmit -p . &
side_by_side lint npm run --silent lint &
side_by_side build npm run --silent build:e2e &
wait
for name in typecheck lint build; do
  echo; echo "=== $name"
  cat "$reports/$name.log"
  [ "$(cat "$reports/$name.status")" = 0 ] || failed_steps+=("$name")
done
step unit npx vitest run --project unit --project components $workers --reporter=default --reporter=json --outputFile="$reports/unit.json"
step budgets env BUDGETS_BUILD_DIR=.e2e-dist npx vitest run --project budgets --reporter=default --reporter=json --outputFile="$reports/budgets.json"
step server-pglite env -u DATABASE_URL npx vitest run --project server --project fuzz $workers --reporter=default --reporter=json --outputFile="$reports/server-pglite.json"
if [ -n "${DATABASE_URL:-}" ]; then
  step server-postgres npx vitest run --project server --project fuzz $workers --reporter=default --reporter=json --outputFile="$reports/server-postgres.json"
else
  echo; echo "=== server-postgres: skipped, DATABASE_URL is not set (.ci/run sets it)"
fi
# The same server behind PgBouncer in transaction mode (docs/testing.md, "Behind PgBouncer"): the tests that touch
# statements, locks, LISTEN and transactions, not the whole project a second time.
pooled_tests=(
  tests/server-postgres/connectionSettings.test.ts tests/server-postgres/creditApprovals.test.ts
  tests/server-postgres/failureSlots.test.ts tests/server-postgres/lastOwner.test.ts
  tests/server-postgres/passkeyCount.test.ts tests/server-postgres/presenceTwoServers.test.ts
  tests/server-postgres/rowLocks.test.ts tests/server-postgres/sessionListening.test.ts
  tests/server-postgres/sessionRevocation.test.ts tests/server-postgres/streamSessionsTwoServers.test.ts
  tests/server/twoInstances.test.ts tests/server/presence.test.ts tests/server/roomEvents.test.ts
  tests/server/concurrency.test.ts tests/server/searchTotal.test.ts
  tests/server/deepPages.test.ts tests/server/export.test.ts tests/server/ledger.test.ts
)
if [ -n "${DATABASE_URL:-}" ] && [ -x "${PGBOUNCER_PATH:-/usr/sbin/pgbouncer}" ]; then
  step server-pgbouncer npx tsx scripts/with-pgbouncer.ts npx vitest run --project server $workers "${pooled_tests[@]}" --reporter=default --reporter=json --outputFile="$reports/server-pgbouncer.json"
elif [ -n "${DATABASE_URL:-}" ]; then
  echo; echo "=== server-pgbouncer: no PgBouncer at ${PGBOUNCER_PATH:-/usr/sbin/pgbouncer}: apt-get install -y pgbouncer (.ci/run does)" >&2
  failed_steps+=("server-pgbouncer (no pgbouncer)")
else
  echo; echo "=== server-pgbouncer: skipped, DATABASE_URL is not set (.ci/run sets it)"
fi
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  step e2e env -u DATABASE_URL E2E_CONSOLE_BUILT=1 npx playwright test
else
  echo "No Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium}: apt-get install -y chromium (or set CHROMIUM_PATH)." >&2
  failed_steps+=("e2e (no browser)")
fi

echo
node scripts/summarize-tests.mjs "$reports" || failed_steps+=("summary")
if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "failed steps: ${failed_steps[*]}"
  exit 1
fi
