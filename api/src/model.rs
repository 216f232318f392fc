//! The bodies the API reads and writes.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use owlpost_domain::bots::Strength;

use owlpost_domain::ruleset::{Awaiting, Outcome, Seat};
pub use owlpost_domain::table::{GameStatus, PlatformEvent, TimeControl};

mod rules;

pub use rules::{
    RulesCommand, RulesCommandChoice, RulesEvent, RulesOptions, RulesView, ruleset_schemas,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// 3–32 characters: letters, digits, `_`, `-` or `.`.
    #[schema(
        example = "merlin",
        min_length = 3,
        max_length = 32,
        pattern = "^[A-Za-z0-9_.-]+$"
    )]
    pub username: String,
    /// 8 to 1024 characters.
    #[schema(example = "correct horse battery", min_length = 8, max_length = 1024)]
    pub password: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct User {
    pub id: Uuid,
    pub username: String,
}

/// A session's tokens: a short-lived access token to send with every
/// request, and the refresh token that renews it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Token {
    /// An HS256 JWT to send as `Authorization: Bearer <token>`.
    pub access_token: String,
    /// Always `Bearer`.
    pub token_type: String,
    /// Seconds until the access token expires (15 minutes unless the server
    /// is configured otherwise).
    pub expires_in: i64,
    /// Exchanged at `POST /v1/auth/refresh` for new tokens, once: keep the
    /// new one each time. Sending a refresh token a second time signs its
    /// session out everywhere.
    pub refresh_token: String,
    /// Seconds until the refresh token expires if it is not used.
    pub refresh_expires_in: i64,
    pub user: User,
}

/// A refresh token to exchange for new tokens.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RefreshRequest {
    /// The refresh token of the latest answer of log-in or refresh.
    pub refresh_token: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// A ruleset id from `GET /v1/rulesets`.
    #[schema(example = "firewall-duel")]
    pub ruleset: String,
    /// Ruleset options; absent fields take their defaults.
    #[serde(default)]
    #[schema(value_type = Option<RulesOptions>)]
    pub options: Value,
    /// How many players: from the ruleset's `min_seats` to its `max_seats`
    /// (2 to 4 among today's rulesets).
    #[schema(minimum = 2, maximum = 4)]
    pub seats: u8,
    /// Whether the creator takes the first free seat (default true).
    #[serde(default = "yes")]
    pub join: bool,
    /// Deadlines for every awaited action; without one, the game waits forever.
    pub time_control: Option<TimeControl>,
    /// Whether the game counts for its players' ratings in its ruleset
    /// (default true). An abandoned or cancelled game never counts, nor a
    /// game with a computer player.
    #[serde(default = "yes")]
    pub rated: bool,
    /// Computer players to seat at once, one for each strength listed, in
    /// the free seats after the creator's. When they fill the table the game
    /// starts at once: "play against the computer". More can be seated
    /// later with `POST /v1/games/{id}/computers`.
    #[serde(default)]
    #[schema(max_items = 3)]
    pub computer_players: Vec<Strength>,
    /// Whether people who do not play may watch the game while it is
    /// played (default true). Once it ends its record is public in the
    /// archive whatever this says.
    #[serde(default = "yes")]
    pub spectators: bool,
    /// Whether a player who asks to take back his last move
    /// (`POST /v1/games/{id}/takeback`) needs the others' agreement
    /// (`asking`, the default) or not (`without_asking`: taken back at once,
    /// e.g. against computer players, who agree anyway). Only what the
    /// rules let be taken back ever is.
    #[serde(default)]
    pub takebacks: owlpost_domain::table::Takebacks,
}

/// What a personal access token may be allowed; a signed-in user's access
/// token may do all of it, and more (see [`Needs`]).
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// Read games, the lobby, the archive and players' pages (every `GET`).
    Read,
    /// Create, join and play games: every other request about games.
    Play,
    /// Register, list and delete the user's webhooks.
    Webhooks,
}

impl Scope {
    pub const ALL: [Scope; 3] = [Scope::Read, Scope::Play, Scope::Webhooks];

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Read => "read",
            Scope::Play => "play",
            Scope::Webhooks => "webhooks",
        }
    }
}

impl std::str::FromStr for Scope {
    type Err = anyhow::Error;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Scope::ALL
            .into_iter()
            .find(|scope| scope.as_str() == text)
            .ok_or_else(|| anyhow::anyhow!("no scope is named {text:?}"))
    }
}

/// A personal access token to make.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPersonalToken {
    /// What it is for, to recognise it in the list (1 to 100 characters).
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    /// What it may do; at least one.
    #[schema(min_items = 1)]
    pub scopes: Vec<Scope>,
    /// When it stops working; absent: when revoked.
    pub expires_at: Option<DateTime<Utc>>,
}

/// A personal access token, without its secret.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PersonalToken {
    pub id: Uuid,
    pub name: String,
    pub scopes: Vec<Scope>,
    pub created_at: DateTime<Utc>,
    /// When it stops working; `null`: when revoked.
    #[schema(required = true)]
    pub expires_at: Option<DateTime<Utc>>,
    /// When it was revoked; `null` while it is not.
    #[schema(required = true)]
    pub revoked_at: Option<DateTime<Utc>>,
}

/// A personal access token just made, with its secret.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CreatedPersonalToken {
    /// Send as `Authorization: Bearer <token>`. Shown this once: the server
    /// keeps only its hash.
    pub token: String,
    pub personal_token: PersonalToken,
}

/// A computer player to seat in an open game.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatComputer {
    /// How it plays.
    pub strength: Strength,
    /// The seat to give it, numbered from 0; the first free one when absent.
    #[schema(value_type = Option<u8>, minimum = 0, maximum = 3)]
    pub seat: Option<Seat>,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinGame {
    /// The seat to take, numbered from 0 (below the game's seat count, so
    /// at most 3); the first free one when absent.
    #[schema(value_type = Option<u8>, minimum = 0, maximum = 3)]
    pub seat: Option<Seat>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeatInfo {
    pub seat: Seat,
    /// The player in this seat; `null` while it is free.
    #[schema(required = true)]
    pub user_id: Option<Uuid>,
    /// The player's name; `null` while the seat is free.
    #[schema(required = true)]
    pub username: Option<String>,
    /// How the computer player in this seat plays; `null` for a person or a
    /// free seat.
    #[schema(required = true)]
    pub computer: Option<Strength>,
    /// Until when the seat's player is on vacation (while the game awaits
    /// him, its deadline stands still); `null` when he is not.
    #[schema(required = true)]
    pub on_vacation_until: Option<DateTime<Utc>>,
    /// Whether the seat's player is gone and the seat is open to a
    /// substitute (listed in the lobby); its timeout moves are played meanwhile.
    pub open_for_substitute: bool,
    /// The players who held the seat before, gone and replaced (by a
    /// substitute or a computer player), oldest first.
    pub replaced: Vec<String>,
}

/// A game as the caller may see it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Game {
    pub id: Uuid,
    pub ruleset: String,
    #[schema(value_type = RulesOptions)]
    pub options: Value,
    pub status: GameStatus,
    /// The sequence number of the last event: pass it as `expected_version`.
    pub version: i64,
    pub seats: Vec<SeatInfo>,
    /// The caller's seat, when the caller plays in this game; `null` otherwise.
    #[schema(required = true)]
    pub your_seat: Option<Seat>,
    /// Who the game waits for, and why.
    pub awaiting: Vec<Awaiting>,
    /// Whether the game waits for the caller.
    pub awaiting_you: bool,
    /// The ruleset's view for the caller; `null` until the game starts.
    #[schema(value_type = Option<RulesView>, required = true)]
    pub view: Option<Value>,
    /// Commands the caller may send now, one by one: those that no choice
    /// in `legal_command_choices` tells, or with `?legal=full` as many as
    /// the rules list (see `legal_commands_complete`). Every one is legal.
    #[schema(value_type = Vec<RulesCommand>)]
    pub legal_commands: Vec<Value>,
    /// Sent with `?legal=full` only: `true` when `legal_commands` holds
    /// every command the rules accept now (each once), `false` when it is a
    /// sample — too many to list (a Fire Wall sealed move holds at most
    /// 5,000 before it is sampled), or rules that do not vouch for their
    /// listing; `legal_command_choices` still tells the families in full.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_commands_complete: Option<bool>,
    /// Families of commands the caller may send now, each told at once
    /// where listing them would multiply (a Fire Wall sealed move: a range
    /// of bets and the cards in hand, rather than one command per bet and
    /// set of cards); the commands they cover are listed in
    /// `legal_commands` only with `?legal=full`.
    #[schema(value_type = Vec<RulesCommandChoice>)]
    pub legal_command_choices: Vec<Value>,
    /// How the game ended; `null` until it has.
    #[schema(required = true)]
    pub outcome: Option<Outcome>,
    /// SHA-256 of the game's secret seed, published when the game was created.
    pub seed_sha256: String,
    /// The seed itself (hex), revealed once the game is over; `null` until then.
    #[schema(required = true)]
    pub seed: Option<String>,
    /// The game's time control; `null` for a game without deadlines.
    #[schema(required = true)]
    pub time_control: Option<TimeControl>,
    /// When the server acts for the awaited players, if the game has a time
    /// control; `null` when nothing is due.
    #[schema(required = true)]
    pub deadline: Option<DateTime<Utc>>,
    /// Which revision of its ruleset's rules the game is played under.
    pub rules_revision: GameRevision,
    /// Whether people who do not play may watch the game while it is
    /// played; its record is public once it ends either way.
    #[serde(default = "yes")]
    #[schema(required = true)]
    pub spectators: bool,
    /// Whether the game is paused by its players' agreement.
    #[serde(default)]
    #[schema(required = true)]
    pub pause: GamePause,
    /// The take-back asked and not yet agreed to by every player
    /// (`POST /v1/games/{id}/takeback`); `null` when none is.
    #[serde(default)]
    #[schema(required = true)]
    pub takeback: Option<GameTakeback>,
}

/// A player's request to take back his last move, which the other players
/// agree to (`POST /v1/games/{id}/takeback/agree`). A new move by anyone
/// cancels it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct GameTakeback {
    /// The seat of the player who asked.
    pub asked_by: Seat,
    /// The other players who agreed so far.
    pub agreed: Vec<Seat>,
}

/// A pause by the agreement of every person at the table
/// (`POST /v1/games/{id}/pause`); any one player resumes it
/// (`POST /v1/games/{id}/resume`) and the awaited players then have the time
/// they had left.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct GamePause {
    /// Whether the game stands still: nobody is awaited and no deadline runs.
    pub paused: bool,
    /// The seats that agreed to pause the game, while it is not yet paused.
    pub agreed: Vec<Seat>,
}

/// Which revision of its ruleset's rules a game is played under: a game
/// finishes under the rules it started with, unless its players all agree to
/// move it to the newest (`POST /v1/games/{id}/revise`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct GameRevision {
    /// The revision the game is played under (the ruleset's changelog,
    /// `GET /v1/rulesets/{id}`, says what each one changed).
    pub number: u32,
    /// The newest revision of the ruleset: when it is greater than `number`,
    /// the game's players may agree to move the game to it.
    pub newest: u32,
    /// The seats that agreed to move the game to the newest revision.
    pub agreed_to_newest: Vec<Seat>,
}

/// How a game lists the caller's legal commands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LegalListing {
    /// Families of commands that multiply are told at once in
    /// `legal_command_choices`, the other commands listed in `legal_commands`.
    #[default]
    Compact,
    /// The commands the families tell listed in `legal_commands` too
    /// (thousands for a Fire Wall sealed move), and
    /// `legal_commands_complete` saying whether the listing holds them all.
    Full,
}

/// One command or an atomic batch, for the game at `expected_version`.
/// Send `command` or `commands`, not both.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "expected_version": 4,
    "command": {"type": "submit_move", "bet": 5, "cards": [7]}
}))]
pub struct Action {
    /// Refuse with 409 unless the game is still at this version.
    pub expected_version: Option<i64>,
    /// One command.
    #[schema(value_type = Option<RulesCommand>)]
    pub command: Option<Value>,
    /// Several commands applied all or nothing, in order (1 to 2,000).
    #[schema(value_type = Option<Vec<RulesCommand>>, min_items = 1, max_items = 2000)]
    pub commands: Option<Vec<Value>>,
}

/// An event of the game's log, as the caller may see it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(tag = "origin", content = "event", rename_all = "snake_case")]
pub enum EventBody {
    Platform(PlatformEvent),
    Rules(RulesEvent),
    /// An event the caller may not see at all; it keeps the sequence unbroken.
    Hidden,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct FeedEvent {
    pub seq: i64,
    pub recorded_at: DateTime<Utc>,
    /// sha256(previous hash || this event), hex: the log's tamper-evident chain.
    pub hash: String,
    pub body: EventBody,
    /// What happened, in one sentence for the caller, with the players'
    /// names and only what he may know ("Merlin draws 2 cards" for his
    /// opponent, the cards themselves for Merlin).
    #[schema(
        example = "Morgana casts Fireball at Merlin with energy 5.",
        required = true
    )]
    #[serde(default)]
    pub text: String,
}

/// The answer to an action: the new version, the events it appended as the
/// caller may see them, and what happens next. The whole game (the caller's
/// view and legal commands) only when asked for with `?include=game`;
/// otherwise `GET /v1/games/{id}` gives it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ActionResult {
    /// The game's ruleset: says which ruleset's events the answer holds.
    pub ruleset: String,
    /// The new version of the game.
    pub version: i64,
    /// The events the action appended, as the caller may see them.
    pub events: Vec<FeedEvent>,
    pub next: NextUp,
    /// The game as the caller now sees it: only with `?include=game`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Game>,
}

/// What happens next in a game, after an action.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct NextUp {
    pub status: GameStatus,
    /// Who the game waits for, and why.
    pub awaiting: Vec<Awaiting>,
    /// Whether the game waits for the caller (his legal commands are in the game).
    pub awaiting_you: bool,
    /// When the server acts for the awaited players, if the game has a time
    /// control; `null` otherwise.
    #[schema(required = true)]
    pub deadline: Option<DateTime<Utc>>,
    /// How the game ended, once it has; `null` until then.
    #[schema(required = true)]
    pub outcome: Option<Outcome>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct EventPage {
    /// The game's ruleset: says which ruleset's events the page holds.
    pub ruleset: String,
    pub events: Vec<FeedEvent>,
    /// Pass as `after` to get the next page.
    pub next_after: i64,
    pub has_more: bool,
    /// The game's current version.
    pub version: i64,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameSummary {
    pub id: Uuid,
    pub ruleset: String,
    pub status: GameStatus,
    pub version: i64,
    pub your_seat: Seat,
    pub awaiting_you: bool,
    /// Messages others wrote to the table or to the caller alone since he
    /// last acted in the game (a move or a message of his own), leaving
    /// out the players he mutes.
    pub unread_messages: u32,
    pub updated_at: DateTime<Utc>,
    /// When the server acts for the awaited players, if the game has a time
    /// control; `null` when nothing is due.
    #[schema(required = true)]
    pub deadline: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameList {
    /// Games awaiting the caller first, then the most recently changed.
    pub games: Vec<GameSummary>,
}

/// A game waiting for players.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct OpenGame {
    pub id: Uuid,
    pub ruleset: String,
    /// How many players the game is for.
    pub seats: u8,
    /// How many of its seats are still free (at least one).
    pub free_seats: u8,
    /// The username of the player who created it.
    pub created_by: String,
    /// His Glicko-2 rating in the game's ruleset; `null` until he has one.
    #[schema(required = true)]
    pub created_by_rating: Option<f64>,
    /// When the game was created; for a seat offered to a substitute, when
    /// it was offered.
    pub created_at: DateTime<Utc>,
    /// In a game under way, the seat of a gone player that is open to a
    /// substitute: join the game to take it, hand and all. `null` for a game
    /// waiting for players.
    #[schema(required = true)]
    pub substitute_for: Option<Seat>,
}

/// A page of `GET /v1/games`: open games oldest first, or finished games
/// (the archive) newest first; `status` says which was asked for.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum GamePage {
    Open(OpenGameList),
    Finished(FinishedGameList),
}

/// A page of open games, oldest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct OpenGameList {
    pub games: Vec<OpenGame>,
    /// Pass as `offset` for the next page; `null` on the last page.
    #[schema(required = true)]
    pub next_offset: Option<i64>,
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameEnding {
    /// At least one player won.
    Won,
    /// It ended with no winner.
    Drawn,
    /// Every player agreed to abandon it.
    Abandoned,
}

impl GameEnding {
    pub fn as_str(self) -> &'static str {
        match self {
            GameEnding::Won => "won",
            GameEnding::Drawn => "drawn",
            GameEnding::Abandoned => "abandoned",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [GameEnding::Won, GameEnding::Drawn, GameEnding::Abandoned]
            .into_iter()
            .find(|ending| ending.as_str() == text)
    }
}

/// A player of a finished game, as the archive lists him.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ArchivedPlayer {
    pub seat: Seat,
    pub username: String,
    pub won: bool,
}

/// A finished game in the archive: open it with `GET /v1/games/{id}` and
/// replay it with `GET /v1/games/{id}/at/{seq}` (as a spectator sees it,
/// unless the caller played it).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct FinishedGame {
    pub id: Uuid,
    pub ruleset: String,
    pub players: Vec<ArchivedPlayer>,
    pub ending: GameEnding,
    /// One sentence on how it ended.
    pub summary: String,
    /// Whether it counted for its players' ratings.
    pub rated: bool,
    pub finished_at: DateTime<Utc>,
}

/// A player's Glicko-2 rating in one ruleset.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PlayerRating {
    pub ruleset: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played in the ruleset.
    pub games: i32,
}

/// A player's rating right after one rated game.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RatingChange {
    pub game_id: Uuid,
    pub ruleset: String,
    pub rating: f64,
    pub deviation: f64,
    pub at: DateTime<Utc>,
}

/// Finished games played and won in one ruleset.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RulesetRecord {
    pub ruleset: String,
    pub played: i64,
    pub won: i64,
}

/// A game a player is playing now.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CurrentGame {
    pub id: Uuid,
    pub ruleset: String,
    pub updated_at: DateTime<Utc>,
}

/// A player's page: his record per ruleset, ratings and their history, his
/// games in progress and his latest results.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PlayerProfile {
    pub username: String,
    pub joined_at: DateTime<Utc>,
    pub records: Vec<RulesetRecord>,
    pub ratings: Vec<PlayerRating>,
    /// Oldest first.
    pub rating_history: Vec<RatingChange>,
    pub current_games: Vec<CurrentGame>,
    /// His latest finished games, newest first (the rest at `…/games`).
    pub recent_results: Vec<FinishedGame>,
}

/// A page of a player's finished games, newest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct FinishedGameList {
    pub games: Vec<FinishedGame>,
    /// Pass as `cursor` for the next page; `null` on the last page. A cursor
    /// stays valid, and the pages after it unchanged, while other games
    /// finish (they come before it).
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// A webhook to register: where to POST notifications.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewWebhook {
    /// An `http` or `https` address.
    #[schema(example = "https://example.org/owlpost-hook")]
    pub url: String,
}

/// A registered webhook, with how its deliveries fare.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Webhook {
    pub id: Uuid,
    pub url: String,
    pub created_at: DateTime<Utc>,
    /// Notifications it received.
    pub delivered: i64,
    /// Notifications waiting for their first or next try.
    pub pending: i64,
    /// Notifications given up after every try failed.
    pub given_up: i64,
    /// Why the latest failed try failed; `null` when none has.
    #[schema(required = true)]
    pub last_error: Option<String>,
}

/// A webhook just registered, with its signing secret (shown only now).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CreatedWebhook {
    pub id: Uuid,
    pub url: String,
    pub created_at: DateTime<Utc>,
    /// The key of the requests' `webhook-signature` (Standard Webhooks),
    /// as `whsec_<base64 key>`: keep it.
    pub secret: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct WebhookList {
    pub webhooks: Vec<Webhook>,
}

/// Why a player is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NotificationKind {
    /// The game waits for the player: his turn, an answer, a choice.
    YourMove,
    /// The game is over.
    GameOver,
    /// A player wrote to the table or to him alone (the text is in the
    /// game's feed, for him to read).
    Message,
}

/// The body of a webhook request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Notification {
    pub kind: NotificationKind,
    pub game_id: Uuid,
    pub ruleset: String,
    /// The game's version when it happened.
    pub version: i64,
    pub your_seat: Seat,
    /// When the move is due, for a game with a time control; `null` when
    /// nothing is due.
    #[schema(required = true)]
    pub deadline: Option<DateTime<Utc>>,
}

/// Which mail a player wants of his games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MailPreference {
    /// A mail for each game that comes to await him.
    Each,
    /// One mail a day gathering the games that await him.
    Digest,
    /// No mail.
    None,
}

impl MailPreference {
    pub fn as_str(self) -> &'static str {
        match self {
            MailPreference::Each => "each",
            MailPreference::Digest => "digest",
            MailPreference::None => "none",
        }
    }

    /// The stored word; anything else (never written) reads as no mail.
    pub fn parse(word: &str) -> Self {
        match word {
            "each" => MailPreference::Each,
            "digest" => MailPreference::Digest,
            _ => MailPreference::None,
        }
    }
}

/// An address to send the caller's mail to: a link is mailed there, and
/// nothing else is sent before it is followed.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewEmailAddress {
    #[schema(example = "merlin@example.org")]
    pub address: String,
}

/// The caller's choice of mail.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MailPreferenceUpdate {
    pub notify: MailPreference,
}

/// The caller's e-mail address and what is sent to it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct EmailAddress {
    pub address: String,
    /// Whether its link was followed: nothing but that link is sent before.
    pub confirmed: bool,
    pub notify: MailPreference,
}

/// Whether the caller's mail about one game is muted.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GameMute {
    pub muted: bool,
}

/// What became of a reply to a turn mail taken by `POST /v1/mail/inbound`:
/// played, or refused with the code and sentence the answer mail gives. The
/// player is answered by mail either way.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct InboundReply {
    /// Whether the reply played its move.
    pub played: bool,
    /// Why nothing was played (e.g. `stale_reply`, `reply_already_used`,
    /// `unknown_listed_move`, `not_your_turn`), when nothing was.
    #[schema(required = true)]
    pub code: Option<String>,
    /// What happened, in a sentence.
    pub message: String,
    pub game_id: Uuid,
    /// The game's version the answer mail shows.
    pub version: i64,
}

/// The caller's account: who he is, and his vacation days.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Me {
    pub id: Uuid,
    pub username: String,
    pub vacation: VacationAllowance,
}

/// A user's vacation days: while he is on vacation, the deadlines of his
/// games that await him stand still.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct VacationAllowance {
    /// The days each user may spend a calendar year (server configuration).
    pub days_per_year: u32,
    /// The days he has left this calendar year (UTC); a vacation is paid for
    /// by the year it begins in.
    pub days_left: u32,
    /// His vacation running now; `null` when he is not on vacation.
    #[schema(required = true)]
    pub current: Option<Vacation>,
}

/// A vacation running now.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Vacation {
    pub began_at: DateTime<Utc>,
    /// When it ends by itself; ended earlier, its unused whole days come back.
    pub until: DateTime<Utc>,
    /// The days it costs.
    pub days: u32,
}

/// A vacation to start now, for whole days.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StartVacation {
    /// How many whole days (1 or more, at most the days left this year).
    #[schema(minimum = 1, example = 7)]
    pub days: i64,
}
