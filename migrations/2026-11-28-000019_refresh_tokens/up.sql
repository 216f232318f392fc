-- Staying signed in. Each log-in opens a session: a family of refresh
-- tokens, each used once to get the next one and a new short-lived access
-- token. A refresh token used a second time was copied by someone: its whole
-- family is revoked, and so are the access tokens issued to it (they name
-- their family, checked on every request). Only the SHA-256 of each
-- refresh token is kept: a leak of this table lends nobody a session.
CREATE TABLE session_families (
    id         uuid PRIMARY KEY,
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
);
CREATE INDEX session_families_of_user ON session_families (user_id) WHERE revoked_at IS NULL;

CREATE TABLE refresh_tokens (
    token_sha256 bytea PRIMARY KEY CHECK (octet_length(token_sha256) = 32),
    family_id    uuid NOT NULL REFERENCES session_families (id) ON DELETE CASCADE,
    issued_at    timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    -- Set once, when the token is exchanged for its successor; a token used
    -- again after that is a reuse.
    rotated_at   timestamptz
);
CREATE INDEX refresh_tokens_of_family ON refresh_tokens (family_id);

-- Access tokens that name no session (none the server hands out at log-in)
-- issued at or before this instant are refused: "sign out everywhere".
ALTER TABLE users ADD COLUMN sessions_valid_after timestamptz;
