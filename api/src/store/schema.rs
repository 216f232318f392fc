// The tables of migrations/, as diesel sees them.

diesel::table! {
    users (id) {
        id -> Uuid,
        username -> Text,
        password_hash -> Text,
        created_at -> Timestamptz,
        computer -> Nullable<Text>,
        sessions_valid_after -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    games (id) {
        id -> Uuid,
        ruleset -> Text,
        seat_count -> SmallInt,
        created_by -> Uuid,
        seed -> Bytea,
        status -> Text,
        version -> BigInt,
        awaiting -> Jsonb,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        deadline_at -> Nullable<Timestamptz>,
        assumed_revision -> Nullable<Integer>,
        finished_at -> Nullable<Timestamptz>,
        outcome -> Nullable<Jsonb>,
        ending -> Nullable<Text>,
        rated -> Bool,
    }
}

diesel::table! {
    seats (game_id, seat) {
        game_id -> Uuid,
        seat -> SmallInt,
        user_id -> Uuid,
        joined_at -> Timestamptz,
    }
}

diesel::table! {
    commands (id) {
        id -> Uuid,
        game_id -> Uuid,
        actor -> Uuid,
        idempotency_key -> Nullable<Text>,
        body -> Jsonb,
        first_seq -> BigInt,
        last_seq -> BigInt,
        response -> Nullable<Jsonb>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    events (game_id, seq) {
        game_id -> Uuid,
        seq -> BigInt,
        kind -> Text,
        payload -> Jsonb,
        command_id -> Nullable<Uuid>,
        recorded_at -> Timestamptz,
        hash -> Bytea,
    }
}

diesel::table! {
    vacations (id) {
        id -> Uuid,
        user_id -> Uuid,
        began_at -> Timestamptz,
        until -> Timestamptz,
        days -> Integer,
        ended_at -> Nullable<Timestamptz>,
    }
}

diesel::joinable!(seats -> games (game_id));
diesel::joinable!(events -> games (game_id));
diesel::joinable!(outbox -> webhooks (webhook_id));
diesel::allow_tables_to_appear_in_same_query!(
    users, games, seats, commands, events, webhooks, outbox
);

diesel::table! {
    webhooks (id) {
        id -> Uuid,
        user_id -> Uuid,
        url -> Text,
        secret -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    outbox (id) {
        id -> BigInt,
        webhook_id -> Uuid,
        game_id -> Uuid,
        payload -> Jsonb,
        created_at -> Timestamptz,
        attempts -> Integer,
        next_attempt_at -> Timestamptz,
        delivered_at -> Nullable<Timestamptz>,
        given_up_at -> Nullable<Timestamptz>,
        last_error -> Nullable<Text>,
    }
}

diesel::table! {
    personal_tokens (id) {
        id -> Uuid,
        user_id -> Uuid,
        name -> Text,
        scopes -> Array<Text>,
        secret_sha256 -> Bytea,
        created_at -> Timestamptz,
        expires_at -> Nullable<Timestamptz>,
        revoked_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    snapshots (game_id, rules_version, version) {
        game_id -> Uuid,
        rules_version -> Text,
        version -> BigInt,
        last_hash -> Bytea,
        deadline_at -> Nullable<Timestamptz>,
        table_state -> Bytea,
        rules_state -> Bytea,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    email_addresses (user_id) {
        user_id -> Uuid,
        address -> Text,
        confirm_token -> Text,
        confirmed_at -> Nullable<Timestamptz>,
        unsubscribe_token -> Text,
        notify -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    muted_games (user_id, game_id) {
        user_id -> Uuid,
        game_id -> Uuid,
    }
}

diesel::table! {
    mail_outbox (id) {
        id -> BigInt,
        user_id -> Uuid,
        kind -> Text,
        game_id -> Nullable<Uuid>,
        payload -> Jsonb,
        created_at -> Timestamptz,
        attempts -> Integer,
        next_attempt_at -> Timestamptz,
        delivered_at -> Nullable<Timestamptz>,
        given_up_at -> Nullable<Timestamptz>,
        last_error -> Nullable<Text>,
    }
}

diesel::table! {
    mail_replies (id) {
        id -> BigInt,
        outbox_id -> BigInt,
        user_id -> Uuid,
        game_id -> Uuid,
        seat -> SmallInt,
        version -> BigInt,
        listed -> Jsonb,
        created_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    session_families (id) {
        id -> Uuid,
        user_id -> Uuid,
        created_at -> Timestamptz,
        revoked_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    refresh_tokens (token_sha256) {
        token_sha256 -> Bytea,
        family_id -> Uuid,
        issued_at -> Timestamptz,
        expires_at -> Timestamptz,
        rotated_at -> Nullable<Timestamptz>,
    }
}

diesel::joinable!(refresh_tokens -> session_families (family_id));
diesel::joinable!(session_families -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(refresh_tokens, session_families, users);
