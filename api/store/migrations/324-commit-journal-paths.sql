-- The paths of a content save's commit when it has several or removes one (decision 333: a post's file and the
-- list's order file; a deleted post's file), one row per path, in the save's order. `blob` NULL: the save removed
-- the path; `bytes` is set once the path moved on past this save (as content_commit_journal.bytes). An intent with
-- no rows here is one written file, as every row written before this table: its own `file`, `blob` and `bytes`.
-- An intent with rows repeats its first path in `file` (`blob` '' when removed) and keeps `bytes` NULL. The rows go
-- with their intent (the journal deletes both together; the writer's connection does not enforce foreign keys).
CREATE TABLE content_commit_journal_path (
  intent_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  path TEXT NOT NULL,
  blob TEXT,
  bytes BLOB,
  PRIMARY KEY (intent_id, path)
);
