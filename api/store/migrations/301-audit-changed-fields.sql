-- Issue 30: 'Ayrıntılar' in the audit log says which fields a save changed, by their Turkish names, one a line
-- (NULL: nothing was compared, e.g. an entry from before this column or an action that is no save).
ALTER TABLE audit_log ADD COLUMN changes TEXT;
