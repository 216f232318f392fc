//! One file per resource.

use utoipa_actix_web::service_config::ServiceConfig;

pub mod answers;
pub mod auth;
pub mod board;
pub mod exports;
pub mod games;
pub mod mail;
pub mod me;
pub mod records;
pub mod rulesets;
pub mod system;
pub mod takebacks;
pub mod talk;
pub mod tokens;
pub mod users;
pub mod webhooks;

/// Every handler under `/v1`, for the app and for the document alike.
pub fn v1(config: &mut ServiceConfig) {
    config
        .service(auth::register)
        .service(auth::login)
        .service(auth::refresh)
        .service(auth::logout)
        .service(auth::logout_everywhere)
        .service(rulesets::list_rulesets)
        .service(rulesets::get_ruleset)
        .service(games::list_games)
        .service(games::create_game)
        .service(games::get_game)
        .service(games::join_game)
        .service(games::start_game)
        .service(games::leave_game)
        .service(games::cancel_game)
        .service(games::seat_computer)
        .service(tokens::create_token)
        .service(tokens::list_tokens)
        .service(tokens::revoke_token)
        .service(games::resign_game)
        .service(games::abandon_game)
        .service(games::pause_game)
        .service(games::resume_game)
        .service(games::revise_game)
        .service(talk::write_message)
        .service(talk::mute_player)
        .service(talk::unmute_player)
        .service(takebacks::ask_for_takeback)
        .service(takebacks::agree_to_takeback)
        .service(games::act)
        .service(games::list_events)
        .service(games::game_at)
        .service(board::board_picture)
        .service(records::export_game)
        .service(users::get_player)
        .service(users::list_player_games)
        .service(exports::export_player_games)
        .service(me::get_me)
        .service(me::start_vacation)
        .service(me::end_vacation)
        .service(me::list_my_games)
        .service(me::inbox)
        .service(webhooks::create_webhook)
        .service(webhooks::list_webhooks)
        .service(webhooks::delete_webhook)
        .service(mail::set_email)
        .service(mail::get_email)
        .service(mail::set_mail_preference)
        .service(mail::mute_game)
        .service(mail::confirm_email)
        .service(mail::unsubscribe_page)
        .service(mail::unsubscribe)
        .service(mail::inbound_mail);
}
