//! The reference material a Wiz-War game serves clients: the card
//! catalogue, which of its cards are played, and the yield policies.

use std::collections::BTreeSet;

use serde::Serialize;

use super::{CardDef, CardName, catalogue};
use crate::kit::YieldPolicy;
use crate::kit::about::ReferenceMaterial;
use crate::kit::response_window::LabelledYieldPolicy;
use crate::wizwar::WizWar;

/// What a client shows beside a Wiz-War table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarReference))]
#[serde(deny_unknown_fields)]
pub struct Reference {
    /// Every card of every school, one entry per school that holds it.
    pub cards: &'static [CardDef],
    /// The cards this server plays (every one of the catalogue).
    pub playable: BTreeSet<CardName>,
    /// The yield policies, each labelled whether it reveals the hand.
    pub yield_policies: Vec<LabelledYieldPolicy>,
}

impl ReferenceMaterial for WizWar {
    type Reference = Reference;

    fn reference() -> Reference {
        Reference {
            cards: catalogue(),
            // Clients show every card; every card is played.
            playable: catalogue().iter().map(|c| c.name).collect(),
            yield_policies: YieldPolicy::reference(),
        }
    }
}
