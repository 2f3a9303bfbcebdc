-- The members' library (issue 31): categories, items (a stored file under DATA_DIR/library/ or a link), earlier
-- files of replaced items, downloads per day (the dashboard's "this month") and each member's last visit ('Yeni').
CREATE TABLE library_categories (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  -- Turkish-folded name: two categories may not differ only by case or Turkish letters.
  name_key TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE library_items (
  -- The FTS index's rowid: an integer key that never changes.
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  category_id TEXT REFERENCES library_categories (id),
  kind TEXT NOT NULL CHECK (kind IN ('file', 'link')),
  file_key TEXT NOT NULL DEFAULT '',
  file_name TEXT NOT NULL DEFAULT '',
  size INTEGER NOT NULL DEFAULT 0,
  mime TEXT NOT NULL DEFAULT '',
  url TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  created_by TEXT NOT NULL DEFAULT '',
  created_by_id TEXT NOT NULL DEFAULT '',
  downloads INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX library_items_newest ON library_items (created_at DESC, seq DESC);
CREATE INDEX library_items_category ON library_items (category_id, created_at DESC, seq DESC);

-- Search over title, description and the text inside PDFs, all Turkish-folded by the API before they get here
-- (unicode61 alone does not map ı to i). It keeps its own folded copy, so a renamed item keeps its PDF's text
-- without reading the file again.
CREATE VIRTUAL TABLE library_fts USING fts5 (
  title, description, body,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

CREATE TABLE library_file_versions (
  id TEXT PRIMARY KEY,
  item_id TEXT NOT NULL REFERENCES library_items (id) ON DELETE CASCADE,
  file_key TEXT NOT NULL,
  file_name TEXT NOT NULL,
  size INTEGER NOT NULL,
  mime TEXT NOT NULL,
  replaced_at TEXT NOT NULL,
  replaced_by TEXT NOT NULL DEFAULT ''
);
CREATE INDEX library_file_versions_item ON library_file_versions (item_id, replaced_at DESC);

CREATE TABLE library_download_days (
  day TEXT PRIMARY KEY,
  count INTEGER NOT NULL
);

CREATE TABLE library_visits (
  member_id TEXT PRIMARY KEY,
  -- When the member's current visit started being counted and when it was last seen: items newer than `since`
  -- are 'Yeni'. A visit ends after 30 minutes without a look at the library (decision 311).
  since TEXT NOT NULL,
  last_seen TEXT NOT NULL
);

-- Facts about the library itself, e.g. that the demo items were added once (never again after they are deleted).
CREATE TABLE library_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
