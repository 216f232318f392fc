-- Webhooks: a player's addresses to be told when a game awaits him or ends.
-- The outbox row is written in the same transaction as the events that call
-- for it, so a notification is never lost and never sent for a move that was
-- rolled back; a deliverer sends due rows and retries failures with backoff.
CREATE TABLE webhooks (
    id         uuid PRIMARY KEY,
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    url        text NOT NULL,
    secret     text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_by_user ON webhooks (user_id);

CREATE TABLE outbox (
    id              bigserial PRIMARY KEY,
    webhook_id      uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    game_id         uuid NOT NULL REFERENCES games (id),
    payload         jsonb NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    delivered_at    timestamptz,
    given_up_at     timestamptz,
    last_error      text
);
CREATE INDEX outbox_due ON outbox (next_attempt_at)
    WHERE delivered_at IS NULL AND given_up_at IS NULL;
