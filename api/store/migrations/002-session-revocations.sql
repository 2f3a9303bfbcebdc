-- Sessions ended before their token expired (logout): token id (jti) and the token's own expiry, in seconds
-- since the epoch; rows past that expiry are pruned, since the token is refused by its signature check by then.
CREATE TABLE session_revocations (
  jti TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE INDEX session_revocations_expiry ON session_revocations (expires_at);
