-- Uploads that content history refers to (decision 032): which commit of which content file added a line with
-- the upload's URL. Filled incrementally: a start scans only the commits after `upload_history_tip`, so it never
-- reads the whole history again, and a delete asks this table instead of `git log -p`. Rows are never removed
-- (a commit once made stays in history; keeping more is the safe side).
CREATE TABLE upload_history_refs (
  url TEXT NOT NULL,
  file TEXT NOT NULL,
  commit_id TEXT NOT NULL,
  PRIMARY KEY (url, file)
) WITHOUT ROWID;

-- The commit up to which the history has been scanned, per repository folder (CONTENT_DIR's real path).
CREATE TABLE upload_history_tip (
  repo TEXT PRIMARY KEY,
  commit_id TEXT NOT NULL
);
