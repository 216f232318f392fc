//! Playing a game, whoever asks: the player through the API or the deadline
//! sweeper acting for him. Deciding a batch, building what a user may see.

use serde_json::Value;
use uuid::Uuid;

use owlpost_domain::rng::GameRng;

use crate::error::ApiError;
use crate::model::{ActionResult, Game, GameStatus, PlatformEvent, SeatInfo};
use crate::store::{EventKind, LoadedGame, NewEvent, StoredEvent};

/// How often a command is decided again after losing a race to another writer.
pub const APPEND_ATTEMPTS: usize = 8;

/// The game as `user` may see it.
pub fn game_for(game: &LoadedGame, user: Option<Uuid>) -> Game {
    let viewer = game.viewer_for(user);
    let your_seat = user.and_then(|u| game.seat_of(u));
    let started = game.status != GameStatus::Open;
    let awaiting = if game.status == GameStatus::Active {
        game.rules.awaiting()
    } else {
        vec![]
    };
    let awaiting_you = your_seat.is_some_and(|s| awaiting.iter().any(|a| a.seat == s));
    let legal_commands = match (your_seat, game.status) {
        (Some(seat), GameStatus::Active) => game.rules.legal_commands(seat),
        _ => vec![],
    };
    Game {
        id: game.id,
        ruleset: game.ruleset.id().to_owned(),
        options: game.options.clone(),
        status: game.status,
        version: game.version,
        seats: game
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatInfo {
                seat: owlpost_domain::Seat(i as u8),
                user_id: s.as_ref().map(|(id, _)| *id),
                username: s.as_ref().map(|(_, name)| name.clone()),
            })
            .collect(),
        your_seat,
        awaiting,
        awaiting_you,
        view: started.then(|| game.rules.view(viewer)),
        legal_commands,
        outcome: game.outcome.clone(),
        seed_sha256: game.seed_sha256.clone(),
        seed: (game.status == GameStatus::Finished).then(|| hex::encode(game.seed)),
        time_control: game.time_control,
        deadline: game.deadline,
    }
}

pub fn feed(game: &LoadedGame, user: Uuid, events: &[StoredEvent]) -> Vec<crate::model::FeedEvent> {
    let viewer = game.viewer_for(Some(user));
    events
        .iter()
        .map(|e| e.redacted_for(game.rules.as_ref(), viewer))
        .collect()
}

/// What `user` is answered after his command appended `stored`.
pub fn action_result(after: &LoadedGame, user: Uuid, stored: &[StoredEvent]) -> Value {
    serde_json::to_value(ActionResult {
        version: after.version,
        events: feed(after, user, stored),
        game: game_for(after, Some(user)),
    })
    .expect("action results serialize")
}

/// Decides `commands` for `seat` on `game`: the events they produce, with
/// the game's end appended when they finish it. All or nothing.
pub fn decide_all(
    game: &LoadedGame,
    seat: owlpost_domain::Seat,
    commands: &[Value],
) -> Result<Vec<NewEvent>, ApiError> {
    let mut rules = game.rules.clone_game();
    let mut events = Vec::new();
    for command in commands {
        let next_seq = game.version + 1 + events.len() as i64;
        let mut rng = GameRng::for_command(&game.seed, next_seq as u64);
        for payload in rules.decide(seat, command, &mut rng)? {
            rules.apply(&payload).map_err(ApiError::internal)?;
            events.push(NewEvent {
                kind: EventKind::Rules,
                payload,
            });
        }
    }
    if let Some(outcome) = rules.outcome() {
        events.push(platform(&PlatformEvent::GameEnded {
            outcome,
            seed: hex::encode(game.seed),
        }));
    }
    Ok(events)
}

/// A platform event, ready to append.
pub fn platform(event: &PlatformEvent) -> NewEvent {
    NewEvent {
        kind: EventKind::Platform,
        payload: serde_json::to_value(event).expect("platform events serialize"),
    }
}
