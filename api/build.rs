//! The migrations are embedded at compile time (`embed_migrations!`): build
//! again whenever one changes, or a binary would migrate with stale SQL.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
