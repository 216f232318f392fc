//! The conformance suite: what every ruleset in the registry must do, run
//! for each of them by `registry`'s tests.
//!
//! First what clients are told: the seat bounds are those `setup` holds
//! to, every option is offered, described and with its true default.
//! Then it plays seeded random games of listed commands and checks at every
//! step: the game waits for someone until it is over; every listed command
//! is accepted; nothing is listed (and no timeout played) for a seat that is
//! not awaited; every awaited seat has a legal timeout command; folding the
//! log from scratch gives the state `decide` worked on; events and views
//! survive the JSON round trip, and so does the state, which folded on from
//! there (a snapshot and the events after it) stays the state folded from
//! the first event; no viewer (each seat, a spectator) is
//! shown a secret he may not see, in his view or in any redacted event; and
//! every event each viewer sees is told in one sentence that names no card
//! hidden from him, the same sentence whether told with the game right
//! after it or at the end, and his picture of the board names none either.

use std::collections::HashSet;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::kit::Keeper;
use crate::kit::secret::audit::shown_secrets;
use crate::rng::GameRng;
use crate::ruleset::{Presentation, Ruleset, Seat, SeatNames, Viewer, fold};

/// Which random games the suite plays for a ruleset, and how far.
#[derive(Clone, Copy, Debug)]
pub struct RandomPlay {
    /// The options of the games, as a client sends them (`{}` for the
    /// defaults): each variant that hides something its own way.
    pub options: &'static [&'static str],
    /// Games per option set and seat count (each with its own seed).
    pub games: u64,
    /// Commands per game at most.
    pub commands: usize,
    /// Whether every game must be over within `commands`. Rules where
    /// random play rarely finishes (a wizard must be killed or treasures
    /// carried home) only check that the game runs on safely.
    pub must_end: bool,
}

/// Runs the whole suite on `R`, for each option set and every seat count
/// it allows.
pub fn check<R: Presentation>(play: RandomPlay) {
    check_offer::<R>();
    for text in play.options {
        let options: R::Options = serde_json::from_str(text)
            .unwrap_or_else(|e| panic!("{}: options {text} do not parse: {e}", R::ID));
        for seats in R::MIN_SEATS..=R::MAX_SEATS {
            for game in 0..play.games {
                let seed = u64::from(seats) << 32 | game;
                random_game::<R>(&options, seats, seed, play);
            }
        }
    }
}

/// What clients are told of the ruleset is what it does: the seat bounds
/// are the ones `setup` holds to, and every option is offered, described,
/// with the default a game left without it takes.
fn check_offer<R: Ruleset>() {
    let info = R::info();
    let id = R::ID;
    assert_eq!(info.id, id);
    assert_eq!(
        (info.min_seats, info.max_seats),
        (R::MIN_SEATS, R::MAX_SEATS),
        "{id}: told seat bounds are not the ruleset's"
    );
    let defaults = R::Options::default();
    for seats in [R::MIN_SEATS.checked_sub(1), R::MAX_SEATS.checked_add(1)] {
        let Some(seats) = seats else { continue };
        let refused = R::setup(&defaults, seats, &mut GameRng::from_u64(0));
        assert!(
            refused
                .as_ref()
                .is_err_and(|e| e.code() == "invalid_seat_count"),
            "{id}: setup with {seats} seats is not refused for the seat count"
        );
    }
    let Value::Object(fields) = serde_json::to_value(&defaults).expect("options serialise") else {
        panic!("{id}: options are not a JSON object");
    };
    let offered: Vec<&str> = info.options.iter().map(|o| o.name.as_str()).collect();
    let fields: Vec<&str> = fields.keys().map(String::as_str).collect();
    let mut sorted = offered.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted, fields,
        "{id}: the options offered are not the options read"
    );
    for option in &info.options {
        assert!(
            !option.description.trim().is_empty(),
            "{id}: option {} is not described",
            option.name
        );
        assert_eq!(
            Some(&option.default),
            serde_json::to_value(&defaults)
                .ok()
                .as_ref()
                .and_then(|d| d.get(&option.name)),
            "{id}: option {} is offered with another default than it takes",
            option.name
        );
    }
}

/// How often the whole log is folded again from scratch (it costs a replay).
const REFOLD_EVERY: usize = 16;
/// Listed commands tried per step at most (a sealed bet lists hundreds).
const PROBES: usize = 12;

fn random_game<R: Presentation>(options: &R::Options, seats: u8, seed: u64, play: RandomPlay) {
    let context = format!("{} with {seats} seats, {options:?}, seed {seed}", R::ID);
    let mut rng = GameRng::from_u64(seed);
    let mut log = R::setup(options, seats, &mut rng)
        .unwrap_or_else(|e| panic!("{context}: setup refused: {e}"));
    let mut state = fold::<R>(&log);
    check_secrets::<R>(&state, &log, seats, &context);
    let mut told = check_words::<R>(&state, &log, seats, &context);
    let mut resumed = state_round_trip::<R>(&state, &context);
    for step in 0..play.commands {
        let context = format!("{context}, command {step}");
        let awaiting = R::awaiting(&state);
        if R::outcome(&state).is_some() {
            assert!(awaiting.is_empty(), "{context}: a finished game waits");
            break;
        }
        assert!(
            !awaiting.is_empty(),
            "{context}: a live game waits for nobody"
        );
        let mut offered = Vec::new();
        for seat in (0..seats).map(Seat) {
            let awaited = awaiting.iter().any(|a| a.seat == seat);
            let legal = R::legal_commands(&state, seat);
            let timeout = R::timeout_command(&state, seat);
            let told = R::legal_choices(&state, seat);
            for command in &told.commands {
                assert!(
                    legal.iter().any(|l| serde_json::to_value(l).ok() == serde_json::to_value(command).ok()),
                    "{context}: {seat}'s {command:?} is told among the legal choices but not listed"
                );
            }
            assert_eq!(
                told.choices.is_empty() && told.commands.is_empty(),
                legal.is_empty(),
                "{context}: {seat}'s legal choices tell nothing while commands are listed, or the reverse"
            );
            if !awaited {
                assert!(
                    legal.is_empty(),
                    "{context}: {seat} is not awaited, yet offered {legal:?}"
                );
                assert!(
                    timeout.is_none(),
                    "{context}: {seat} is not awaited, yet has the timeout {timeout:?}"
                );
                continue;
            }
            assert!(
                !legal.is_empty(),
                "{context}: awaited {seat} has nothing to do"
            );
            let timeout =
                timeout.unwrap_or_else(|| panic!("{context}: awaited {seat} has no timeout"));
            let mut probes = vec![&timeout];
            for _ in 0..PROBES.min(legal.len()) {
                probes.push(&legal[rng.below(legal.len() as u32) as usize]);
            }
            for command in probes {
                if let Err(e) = R::decide(&state, seat, command, &mut GameRng::from_u64(seed)) {
                    panic!("{context}: {seat}'s listed {command:?} is refused: {e}");
                }
            }
            offered.push((seat, legal));
        }
        let (seat, legal) = &offered[rng.below(offered.len() as u32) as usize];
        let (seat, command) = (*seat, &legal[rng.below(legal.len() as u32) as usize]);
        let mut dice = GameRng::from_u64(seed ^ step as u64);
        let events = R::decide(&state, seat, command, &mut dice)
            .unwrap_or_else(|e| panic!("{context}: {seat}'s listed {command:?} is refused: {e}"));
        for event in &events {
            R::evolve(&mut state, event);
            R::evolve(&mut resumed, event);
            assert_round_trip(event, &context);
        }
        assert!(
            resumed == state,
            "{context}: folding on from a snapshot gives another state than folding from the first event"
        );
        if step % REFOLD_EVERY == 0 {
            resumed = state_round_trip::<R>(&state, &context);
        }
        log.extend(events.iter().cloned());
        if step % REFOLD_EVERY == 0 {
            assert!(
                fold::<R>(&log) == state,
                "{context}: folding the log again gives another state than decide saw"
            );
        }
        check_secrets::<R>(&state, &events, seats, &context);
        if step % REFOLD_EVERY == 0 {
            told.extend(check_words::<R>(&state, &events, seats, &context));
            check_picture::<R>(&state, seats, &context);
        }
    }
    for (event, sentence, context) in told {
        assert_eq!(
            R::narrate(&event, &state, &SeatNames::default()),
            sentence,
            "{context}: {event:?} is told otherwise once the game has gone on"
        );
    }
    assert!(
        fold::<R>(&log) == state,
        "{context}: folding the log again gives another state than decide saw"
    );
    if play.must_end {
        assert!(
            R::outcome(&state).is_some(),
            "{context}: the game is not over after {} commands",
            play.commands
        );
    }
}

/// The state read back from its JSON (as a snapshot keeps it), which must
/// be the same state.
fn state_round_trip<R: Ruleset>(state: &R::State, context: &str) -> R::State {
    let json = serde_json::to_vec(state)
        .unwrap_or_else(|e| panic!("{context}: the state does not serialise: {e}"));
    let read: R::State = serde_json::from_slice(&json)
        .unwrap_or_else(|e| panic!("{context}: the state does not read back from its JSON: {e}"));
    assert!(
        read == *state,
        "{context}: the state read back from its JSON is another state"
    );
    read
}

/// Every seat, a spectator and the referee.
fn every_viewer(seats: u8) -> impl Iterator<Item = Viewer> {
    (0..seats)
        .map(|s| Viewer::Player(Seat(s)))
        .chain([Viewer::Spectator, Viewer::Referee])
}

/// Every event each viewer sees of `events` (just folded into `state`) is
/// told in one sentence that names no card hidden from him. Returns what
/// was told, to be told again at the end of the game.
fn check_words<R: Presentation>(
    state: &R::State,
    events: &[R::Event],
    seats: u8,
    context: &str,
) -> Vec<(R::Event, String, String)> {
    let names = SeatNames::default();
    let mut told = Vec::new();
    for event in events {
        let secrets = shown_secrets(event).0;
        for viewer in every_viewer(seats) {
            let Some(seen) = R::redact(event, viewer) else {
                continue;
            };
            let sentence = R::narrate(&seen, state, &names);
            let context = format!("{context}, {viewer:?} reading {event:?}");
            assert!(
                !sentence.trim().is_empty() && !sentence.contains('\n'),
                "{context}: told as {sentence:?}"
            );
            for (keeper, value) in &secrets {
                if viewer.may_see(*keeper) {
                    continue;
                }
                for card in R::card_names(value) {
                    assert!(
                        !sentence.contains(&card),
                        "{context}: {sentence:?} names {card}, kept by {keeper:?}"
                    );
                }
            }
            told.push((seen, sentence, context));
        }
    }
    told
}

/// Each viewer's picture of the board is an SVG document naming no card of
/// a hand he may not see, unless his view shows that card elsewhere (another
/// copy of it lying on the board, say).
fn check_picture<R: Presentation>(state: &R::State, seats: u8, context: &str) {
    let hidden = shown_secrets(&R::view(state, Viewer::Referee)).0;
    for viewer in every_viewer(seats) {
        let view = R::view(state, viewer);
        let picture = R::picture(&view, &SeatNames::default());
        assert!(
            picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"),
            "{context}: {viewer:?}'s picture is no SVG document"
        );
        let (shown, json) = shown_secrets(&view);
        let mut in_view: HashSet<String> = R::card_names(&json).into_iter().collect();
        for (_, value) in shown {
            in_view.extend(R::card_names(&value));
        }
        for (keeper, value) in &hidden {
            if viewer.may_see(*keeper) {
                continue;
            }
            for card in R::card_names(value) {
                assert!(
                    in_view.contains(&card) || !picture.contains(&card),
                    "{context}: {viewer:?}'s picture names {card}, kept by {keeper:?}"
                );
            }
        }
    }
}

fn assert_round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(
    value: &T,
    context: &str,
) {
    let json = serde_json::to_value(value).expect("rule types serialise");
    let back: T = serde_json::from_value(json.clone())
        .unwrap_or_else(|e| panic!("{context}: {json} does not read back: {e}"));
    assert_eq!(&back, value, "{context}: the JSON round trip changed it");
}

/// Every viewer's view of `state` and of each of `events` (just emitted)
/// shows no secret he may not see: neither in a secret field left showing,
/// nor anywhere else in plain sight.
fn check_secrets<R: Ruleset>(state: &R::State, events: &[R::Event], seats: u8, context: &str) {
    // The facts only the referee may know, with who keeps each: everything
    // secret in the referee's view, and in the events as `decide` made them.
    let mut facts = shown_secrets(&R::view(state, Viewer::Referee)).0;
    for event in events {
        facts.extend(shown_secrets(event).0);
    }
    let viewers = (0..seats)
        .map(|s| Viewer::Player(Seat(s)))
        .chain([Viewer::Spectator]);
    for viewer in viewers {
        let (shown, json) = shown_secrets(&R::view(state, viewer));
        let back: R::View = serde_json::from_value(json.clone())
            .unwrap_or_else(|e| panic!("{context}: a view does not read back: {e}"));
        assert_eq!(
            serde_json::to_value(&back).expect("views serialise"),
            json,
            "{context}: the view's JSON round trip changed it"
        );
        assert_nothing_leaks(shown, &json, &facts, viewer, &format!("{context}, view"));
        for event in events {
            if let Some(seen) = R::redact(event, viewer) {
                let (shown, json) = shown_secrets(&seen);
                let context = format!("{context}, {event:?}");
                assert_nothing_leaks(shown, &json, &facts, viewer, &context);
            }
        }
    }
}

/// What `viewer` is shown (`json`, with the secrets `shown` in it) holds no
/// secret he may not see, neither left showing nor anywhere else in sight.
fn assert_nothing_leaks(
    shown: Vec<(Keeper, Value)>,
    json: &Value,
    facts: &[(Keeper, Value)],
    viewer: Viewer,
    context: &str,
) {
    let mut known = HashSet::new();
    for (keeper, value) in shown {
        assert!(
            viewer.may_see(keeper),
            "{context}: {viewer:?} is shown a secret kept by {keeper:?}: {value}"
        );
        known.extend(distinctive_parts(&value));
    }
    let mut in_sight = HashSet::new();
    collect_distinctive(json, &mut in_sight);
    for (keeper, value) in facts {
        if viewer.may_see(*keeper) {
            continue;
        }
        for part in distinctive_parts(value) {
            assert!(
                known.contains(&part) || !in_sight.contains(&part),
                "{context}: {viewer:?} sees {part}, a secret kept by {keeper:?}, in {json}"
            );
        }
    }
}

/// The parts of a secret that cannot turn up elsewhere by chance, as JSON
/// text: whole objects (a card with its id, a sealed move) and lists of
/// three values or more (a hand, a deck order), with the objects in them. A
/// bare number or a short list may well be public for another reason.
fn distinctive_parts(value: &Value) -> Vec<String> {
    match value {
        Value::Object(_) => vec![value.to_string()],
        Value::Array(items) => {
            let mut parts: Vec<String> = items.iter().flat_map(distinctive_parts).collect();
            if items.len() >= 3 {
                parts.push(value.to_string());
            }
            parts
        }
        _ => vec![],
    }
}

/// Every object and every list of three values or more in `value`, at any
/// depth, as JSON text.
fn collect_distinctive(value: &Value, parts: &mut HashSet<String>) {
    match value {
        Value::Object(fields) => {
            parts.insert(value.to_string());
            for field in fields.values() {
                collect_distinctive(field, parts);
            }
        }
        Value::Array(items) => {
            if items.len() >= 3 {
                parts.insert(value.to_string());
            }
            for item in items {
                collect_distinctive(item, parts);
            }
        }
        _ => {}
    }
}
