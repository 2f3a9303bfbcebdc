-- Content saves whose git commit is not made yet (decision 025): written before the save is answered, deleted once
-- the commit is made; at start the rows left by a crash are committed with their own author and message. `bytes`
-- is set only when the file moved on past this save before its commit (otherwise the file on disk holds them,
-- checked by `blob`, the id git gives them). `content_dir` is the repository path of CONTENT_DIR.
CREATE TABLE content_commit_journal (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  content_dir TEXT NOT NULL,
  file TEXT NOT NULL,
  author_name TEXT NOT NULL,
  author_email TEXT NOT NULL,
  message TEXT NOT NULL,
  blob TEXT NOT NULL,
  bytes BLOB,
  created_at TEXT NOT NULL
);
