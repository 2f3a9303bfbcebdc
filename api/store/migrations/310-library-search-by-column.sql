-- Library search (decision 313): the index keeps which column holds a word, not its positions (detail=column).
-- The library's queries are single words and prefixes with column filters, never phrases or NEAR, so nothing is
-- lost; the index is about four times smaller and a word in every item is counted in half the time.
CREATE VIRTUAL TABLE library_fts_by_column USING fts5 (
  title, description, body,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3',
  detail = column
);
INSERT INTO library_fts_by_column (rowid, title, description, body)
  SELECT rowid, title, description, body FROM library_fts;
DROP TABLE library_fts;
ALTER TABLE library_fts_by_column RENAME TO library_fts;
