-- Preview links (issue 21): a page as it would be published with unsaved editor values. Only a hash of the
-- token is kept (the link itself is shown once); `request` is the preview call's JSON (collection, id, data),
-- rendered again on every visit. Shared links live for days and are listed per item; others for 30 minutes.
CREATE TABLE preview_links (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  collection TEXT NOT NULL,
  item_id TEXT NOT NULL DEFAULT '',
  request TEXT NOT NULL,
  shared INTEGER NOT NULL DEFAULT 0,
  created_by TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX preview_links_item ON preview_links (collection, item_id);
CREATE INDEX preview_links_expiry ON preview_links (expires_at);
