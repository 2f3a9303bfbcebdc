-- Daily figures for the admin's statistics (issue 32, decision 320): per Istanbul day, how many views a page had
-- ('view', key = the page's view key), downloads a program had ('download', key = program id), visits a referring
-- site sent ('referrer', key = its domain only) and contact messages arrived ('message', key = '').
-- Nothing here identifies a person: no address, no user agent, no cookie, no full referring address.
CREATE TABLE daily_figures (
  kind TEXT NOT NULL,
  day TEXT NOT NULL,
  key TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (kind, day, key)
) WITHOUT ROWID;
