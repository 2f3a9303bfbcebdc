-- SEO advice per page, checked from the HTML each publish renders (issue 32, decision 321): only pages a publish
-- rendered are checked again; a page the site no longer has is removed. Findings: JSON [{ code, severity, message }].
CREATE TABLE seo_pages (
  path TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  findings TEXT NOT NULL,
  checked_at TEXT NOT NULL
) WITHOUT ROWID;
