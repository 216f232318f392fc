-- Moves by reply: each mail that lists a player's legal moves carries a
-- reply address whose local part is a signed reference to one row here. The
-- row binds the reply to the game, the seat, the player and the game's
-- version the list was drawn at, and keeps the list itself, so that "2"
-- means the second move the mail showed. A reply is used once: the move it
-- plays and `used_at` are written in one transaction.
CREATE TABLE mail_replies (
    id         bigserial PRIMARY KEY,
    -- the mail that carries the address: a retried mail keeps its address
    outbox_id  bigint NOT NULL UNIQUE REFERENCES mail_outbox (id) ON DELETE CASCADE,
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    game_id    uuid NOT NULL REFERENCES games (id),
    seat       smallint NOT NULL,
    version    bigint NOT NULL,
    -- the moves listed, in the mail's order: [{"text": ..., "command": ...}]
    listed     jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    used_at    timestamptz
);
