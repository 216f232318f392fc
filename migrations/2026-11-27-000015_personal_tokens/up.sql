-- Personal access tokens: a user lends a client or a bot a token of its own,
-- limited to some scopes and perhaps to a date, so that it never holds his
-- password. Only the SHA-256 of each token's secret is kept: a leak of this
-- table lends nobody anything.
CREATE TABLE personal_tokens (
    id            uuid PRIMARY KEY,
    user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name          text NOT NULL,
    scopes        text[] NOT NULL CHECK (scopes <@ ARRAY['read', 'play', 'webhooks']),
    secret_sha256 bytea NOT NULL CHECK (octet_length(secret_sha256) = 32),
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz,
    revoked_at    timestamptz
);
CREATE INDEX personal_tokens_of_user ON personal_tokens (user_id, created_at);
