//! A player's finished games in bulk: their records as NDJSON, streamed.

use std::collections::VecDeque;
use std::sync::Arc;

use actix_web::http::header;
use actix_web::{HttpResponse, get, web};
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::record::GameRecord;
use crate::routes::answers::NotAuthenticated;
use crate::state::AppState;
use crate::store::Store;
use crate::store::archive::{ArchiveCursor, ArchiveFilter};

/// How many games' ids one read of the archive fetches while streaming:
/// what the export holds in memory besides the one record being written.
const EXPORT_PAGE: i64 = 50;

/// Where the stream stands: the ids read and not yet written, and where the
/// next page starts (`None` once the archive is read to its end).
struct ExportState {
    store: Arc<Store>,
    player: Uuid,
    pending: VecDeque<Uuid>,
    next: Option<Option<ArchiveCursor>>,
}

impl ExportState {
    /// The next record as one line of JSON, or `None` at the end.
    async fn next_line(&mut self) -> Result<Option<web::Bytes>, ApiError> {
        while self.pending.is_empty() {
            let Some(after) = self.next else {
                return Ok(None);
            };
            let filter = ArchiveFilter {
                player: Some(self.player),
                after,
                ..ArchiveFilter::default()
            };
            let page = self.store.finished_games(&filter, EXPORT_PAGE).await?;
            self.next = (page.len() as i64 == EXPORT_PAGE).then(|| {
                page.last().map(|last| ArchiveCursor {
                    finished_at: last.finished_at,
                    id: last.id,
                })
            });
            self.pending.extend(page.iter().map(|game| game.id));
        }
        let Some(id) = self.pending.pop_front() else {
            return Ok(None);
        };
        let (game, events, commands) = self.store.record_parts(id).await?;
        let record = GameRecord::of_finished_game(&game, &events, &commands)?;
        let mut line = serde_json::to_vec(&record).map_err(ApiError::internal)?;
        line.push(b'\n');
        Ok(Some(web::Bytes::from(line)))
    }
}

/// Every finished game of a player, newest first, as NDJSON: one game record
/// (what `GET /v1/games/{id}/export` answers, and `owlpost verify` checks)
/// per line. Streamed as it is read: a page of game ids and one record at a
/// time in memory, however many games he played.
#[utoipa::path(
    tag = "users",
    params(("username" = String, Path, description = "The player's username (any case)")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "One game record per line", content_type = "application/x-ndjson", body = GameRecord),
        NotAuthenticated,
        (status = 404, description = "No such player"),
    )
)]
#[get("/users/{username}/games/export")]
pub async fn export_player_games(
    state: web::Data<AppState>,
    _caller: AuthUser,
    username: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let player = state
        .store
        .user_named(&username)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no player {username:?}")))?;
    let export = ExportState {
        store: state.store.clone(),
        player: player.id,
        pending: VecDeque::new(),
        next: Some(None),
    };
    let lines = futures_util::stream::unfold(Some(export), async |export| {
        let mut export = export?;
        match export.next_line().await {
            Ok(Some(line)) => Some((Ok(line), Some(export))),
            Ok(None) => None,
            // The status is sent already: a failure ends the stream early,
            // and the last line is then not a whole record.
            Err(error) => Some((Err(actix_web::Error::from(error)), None)),
        }
    });
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "application/x-ndjson"))
        .streaming(lines))
}
