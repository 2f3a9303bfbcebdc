-- Private data that used to live in DATA_DIR/*.json (users, members, messages, state, counters), plus the audit log.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- Sessions issued before this time are over (set when the password changes).
  sessions_from TEXT
);

CREATE TABLE members (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sessions_from TEXT
);

-- seq keeps arrival order for messages with the same createdAt.
CREATE TABLE messages (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL,
  read_at TEXT,
  -- name, e-mail, subject and message lowercased by Turkish rules (SQLite's lower() is ASCII only).
  search TEXT NOT NULL
);
CREATE INDEX messages_unread ON messages (created_at, seq) WHERE read_at IS NULL;
CREATE INDEX messages_read ON messages (read_at, seq) WHERE read_at IS NOT NULL;

-- One row: the site-wide switches.
CREATE TABLE site_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  maintenance_mode INTEGER NOT NULL DEFAULT 0
);
INSERT INTO site_state (id, maintenance_mode) VALUES (1, 0);

CREATE TABLE page_views (path TEXT PRIMARY KEY, count INTEGER NOT NULL);
CREATE TABLE downloads (program_id TEXT PRIMARY KEY, count INTEGER NOT NULL);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  user_id TEXT,
  user_name TEXT,
  user_email TEXT,
  -- Turkish label of what was done ('Blog yazısını sildi').
  action TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  status INTEGER NOT NULL,
  address TEXT
);
CREATE INDEX audit_log_user ON audit_log (user_email, id);

-- Facts about this database (e.g. when the old JSON files were imported).
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
