-- Which commits changed which content item (decision 272): an item's 'Geçmiş' reads only its own commits, however
-- busy the other items of its file are. Filled incrementally from `item_history_tip`: a start or a history reads
-- only the commits made since the last scan. `position` orders the commits of one file as the scan met them
-- (oldest first). Author, date and message are kept with each row so a history needs no `git log`.
CREATE TABLE item_history (
  repo TEXT NOT NULL,
  file TEXT NOT NULL,
  item_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  commit_id TEXT NOT NULL,
  author_name TEXT NOT NULL,
  author_email TEXT NOT NULL,
  date TEXT NOT NULL,
  message TEXT NOT NULL,
  PRIMARY KEY (repo, file, item_id, position)
) WITHOUT ROWID;

-- Per repository folder and file: the HEAD the file's history was scanned up to, the last commit that touched the
-- file then (its version is what the next scan compares against) and the last position used.
CREATE TABLE item_history_tip (
  repo TEXT NOT NULL,
  file TEXT NOT NULL,
  head_commit TEXT NOT NULL,
  last_commit TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (repo, file)
);
