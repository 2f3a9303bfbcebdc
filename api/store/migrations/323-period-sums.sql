-- Sums of the finished days of the statistics page's usual periods (issue 32, decision 323): per period (7, 30, 90,
-- 365 days, today included, so 6, 29, 89, 364 finished days), per kind and key, rolled forward once per closed
-- Istanbul day by the writer thread (a day's rows added, the day that left the period subtracted). A read of a
-- period's most viewed pages adds today's rows to these instead of summing up to 3.65 million daily rows.
CREATE TABLE period_sums (
  period INTEGER NOT NULL,
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (period, kind, key)
) WITHOUT ROWID;
CREATE INDEX period_sums_by_count ON period_sums (period, kind, count DESC);
-- Which finished days `period_sums` holds for each period: `first` to `last` (both included; empty when first > last).
CREATE TABLE period_sums_state (
  period INTEGER PRIMARY KEY,
  first TEXT NOT NULL,
  last TEXT NOT NULL
);
