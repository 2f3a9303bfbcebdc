-- A password set by `npm run admin:reset-password` is one-time: the admin must choose a new one at the next login
-- (issue 23). 1 until the user changes their own password.
ALTER TABLE users ADD COLUMN must_change_password INTEGER NOT NULL DEFAULT 0;
