//! What a player of a classic game may ask for: every command of the
//! Wiz-War engine, and the classic edition's own (the sealed choice of a
//! sector, and deals). The engine's command type knows nothing of the
//! latter, so an 8th-edition game's schema offers no deal.
//!
//! On the wire both are one union tagged by `type` (see [`super::wire`]).

use serde::{Deserialize, Serialize};

use crate::ruleset::Seat;
use crate::wizwar::Command as EngineCommand;
use crate::wizwar::cards::CardName;
use crate::wizwar::objects::CardId;
use crate::wizwar::sector_boards::Colour;

/// A command of a classic Wiz-War game: the engine's, or the edition's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassicCommand {
    /// A command the Wiz-War engine decides, as in the 8th edition.
    Engine(EngineCommand),
    /// A command only the classic edition has.
    Edition(EditionCommand),
}

/// The commands only the classic edition has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum EditionCommand {
    /// Setup ("Mise en place"): pick the sector you will play from, face
    /// down; the others see that you chose, not what, until every player has
    /// chosen and all are revealed together.
    ChooseSector { sector: Colour },
    /// Offer a deal to a player your wizard sees, on your turn in Move and
    /// Cast: the cards of your hand you give (ids) and the cards you ask of
    /// his (names). One offer stands at a time; it lapses when the turn
    /// ends. Only the two of you see its cards.
    OfferDeal {
        to: Seat,
        #[serde(default)]
        give: Vec<CardId>,
        #[serde(default)]
        ask: Vec<CardName>,
    },
    /// Accept the deal offered to you; the cards are swapped at once if both
    /// still hold them and still see each other.
    #[serde(deserialize_with = "<() as serde::Deserialize>::deserialize")]
    AcceptDeal,
    /// Decline the deal offered to you, or withdraw yours.
    #[serde(deserialize_with = "<() as serde::Deserialize>::deserialize")]
    DeclineDeal,
}

super::wire::edition_union!(
    ClassicCommand {
        Engine(EngineCommand),
        Edition(EditionCommand)
    },
    types: ["choose_sector", "offer_deal", "accept_deal", "decline_deal"],
    schema: "WizwarClassicCommand",
    description: "A command of a classic Wiz-War game (the classic edition's rules).",
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wizwar::labyrinth::Direction;

    #[test]
    fn a_deal_and_a_move_are_read_from_the_same_union() {
        let deal: ClassicCommand =
            serde_json::from_str(r#"{"type":"offer_deal","to":1,"ask":["shield"]}"#).unwrap();
        assert_eq!(
            deal,
            ClassicCommand::Edition(EditionCommand::OfferDeal {
                to: Seat(1),
                give: vec![],
                ask: vec![CardName::Shield],
            })
        );
        let step: ClassicCommand =
            serde_json::from_str(r#"{"type":"move","direction":"north"}"#).unwrap();
        assert_eq!(
            step,
            ClassicCommand::Engine(EngineCommand::Move {
                direction: Direction::North
            })
        );
        for command in [deal, step] {
            let again: ClassicCommand =
                serde_json::from_value(serde_json::to_value(&command).unwrap()).unwrap();
            assert_eq!(again, command);
        }
    }

    #[test]
    fn an_unknown_type_is_refused_naming_the_edition_commands_too() {
        let error = serde_json::from_str::<ClassicCommand>(r#"{"type":"haggle"}"#)
            .unwrap_err()
            .to_string();
        assert!(error.contains("`move`"), "{error}");
        assert!(error.contains("`offer_deal`"), "{error}");
    }

    #[test]
    fn an_unknown_field_of_an_edition_command_is_refused() {
        let error =
            serde_json::from_str::<ClassicCommand>(r#"{"type":"offer_deal","to":1,"zzz":1}"#)
                .unwrap_err()
                .to_string();
        assert!(error.contains("zzz"), "{error}");
        assert!(
            serde_json::from_str::<ClassicCommand>(r#"{"type":"accept_deal","zzz":1}"#).is_err()
        );
    }
}
