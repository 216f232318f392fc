//! Board pictures already drawn, kept in memory: a picture depends only on
//! the game, the event it is drawn after and who looks, so it never goes
//! stale and the least recently used are simply dropped.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};

use lru::LruCache;
use uuid::Uuid;

use owlpost_domain::ruleset::Viewer;

/// How many pictures the cache keeps (a Wiz-War board is some 30 kB).
const PICTURE_LIMIT: NonZeroUsize = NonZeroUsize::new(1024).expect("not zero");

/// Who a picture is drawn for, as a key: every spectator sees the same board.
pub fn viewer_key(viewer: Viewer) -> String {
    match viewer {
        Viewer::Player(seat) => format!("seat-{}", seat.0),
        Viewer::Spectator => "spectator".to_owned(),
        Viewer::Referee => "referee".to_owned(),
    }
}

type Key = (Uuid, i64, String);

/// Pictures by (game, sequence number drawn after, viewer), shared by every
/// worker of the server.
pub struct PictureCache(Mutex<LruCache<Key, Arc<String>>>);

impl Default for PictureCache {
    fn default() -> Self {
        PictureCache::with_capacity(PICTURE_LIMIT)
    }
}

impl PictureCache {
    pub fn with_capacity(capacity: NonZeroUsize) -> Self {
        PictureCache(Mutex::new(LruCache::new(capacity)))
    }

    /// The picture kept for this game, event and viewer, if any.
    pub fn get(&self, game: Uuid, seq: i64, viewer: Viewer) -> Option<Arc<String>> {
        self.0
            .lock()
            .expect("picture cache lock")
            .get(&(game, seq, viewer_key(viewer)))
            .cloned()
    }

    /// Keeps a picture just drawn.
    pub fn keep(&self, game: Uuid, seq: i64, viewer: Viewer, picture: Arc<String>) {
        self.0
            .lock()
            .expect("picture cache lock")
            .put((game, seq, viewer_key(viewer)), picture);
    }
}

#[cfg(test)]
mod tests {
    use owlpost_domain::Seat;

    use super::*;

    #[test]
    fn each_viewer_has_his_own_picture_and_the_oldest_is_dropped_when_full() {
        let cache = PictureCache::with_capacity(NonZeroUsize::new(2).expect("not zero"));
        let game = Uuid::from_u128(1);
        let seat = Viewer::Player(Seat(0));
        cache.keep(game, 5, seat, Arc::new("mine".into()));
        cache.keep(game, 5, Viewer::Spectator, Arc::new("public".into()));
        assert_eq!(
            cache.get(game, 5, seat).as_deref().map(String::as_str),
            Some("mine")
        );
        assert_eq!(cache.get(game, 5, Viewer::Player(Seat(1))), None);
        cache.keep(game, 6, seat, Arc::new("later".into()));
        assert_eq!(
            cache.get(game, 5, Viewer::Spectator),
            None,
            "the least recently used"
        );
        assert!(cache.get(game, 5, seat).is_some());
    }
}
