//! Deals ("Le combat": "On peut conclure n'importe quel marché avec un
//! adversaire dans sa ligne de vue, même l'échange de cartes"). Any deal may
//! be talked over; the one the server enforces is a trade of cards: an offer
//! naming the cards given and the cards asked for, and its acceptance, which
//! swaps them at once.
//!
//! Decisions where the rules are silent (listed in the module docs of
//! [`super`] under "Play and deals"):
//!
//! - **Who offers when**: the player whose turn it is, in his Move and Cast
//!   with no spell being cast, to one living player his wizard sees (line of
//!   sight as spells have it, from square to square). The other player
//!   answers out of turn: he accepts or declines; the one who offered may
//!   withdraw (`decline_deal` too). One offer stands at a time: a new one
//!   replaces the last (which is withdrawn first).
//! - **What is named**: the cards given, by their ids (they are in the
//!   offerer's hand); the cards asked for, by their names (the offerer does
//!   not know the ids in the other hand). Accepting gives the first copies
//!   of each name in the accepting hand. A gift (nothing asked) and a plea
//!   (nothing given) are deals too; an offer naming nothing is refused.
//! - **Accepting** checks again that both wizards live, still see each
//!   other, and still hold the cards; and that neither hand then passes its
//!   limit (the one who is not on his turn could not discard the excess at
//!   once), else it is refused and the offer stands.
//! - **It lapses** when the turn ends (`deal_lapsed`).
//! - **Privacy**: the cards given and asked for, and those swapped, are
//!   seen by the two players alone; everyone else learns only that a deal
//!   was offered, accepted, declined or lapsed between them.
//! - **Listed commands**: for the player answering, `accept_deal` (when he
//!   may) and `decline_deal`; for the player on turn, `decline_deal` to
//!   withdraw, and offers of one card of his hand for nothing to each player
//!   he sees (any other offer may be sent as well: offers are free-form).

use serde::{Deserialize, Serialize};

use crate::kit::{Keeper, Secret};
use crate::ruleset::Seat;

use super::super::cards::CardName;
use super::super::events::Event;
use super::super::line_of_sight::SightTarget;
use super::super::objects::{CardId, CardView};
use super::super::state::{Phase, State};
use super::super::violations::RuleViolation;
use super::ClassicTx;
use super::commands::EditionCommand;
use super::events::{ClassicEvent, EditionEvent};
use super::state::ClassicState;

/// An offer standing between two players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub from: Seat,
    pub to: Seat,
    /// Cards of `from`'s hand he gives.
    pub give: Vec<CardId>,
    /// Cards he asks of `to`'s hand, by name.
    pub ask: Vec<CardName>,
}

/// A deal as a player sees it in his view: who offers it to whom; the
/// cards only if he is one of the two.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarDealView))]
pub struct DealView {
    pub from: Seat,
    pub to: Seat,
    /// The cards given (the two players only).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardView>>, required = true))]
    pub give: Secret<Vec<CardView>>,
    /// The cards asked for, by name (the two players only).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardName>>, required = true))]
    pub ask: Secret<Vec<CardName>>,
}

/// Decides a deal's command.
///
/// # Errors
/// `no_deals`, `not_your_turn`, `wrong_phase`, `no_such_wizard`,
/// `not_in_sight`, `bad_deal`, `card_not_in_hand`, `no_deal_offered`,
/// `deal_cards_missing`, `hand_full`.
pub fn decide(
    tx: &mut ClassicTx,
    actor: Seat,
    command: &EditionCommand,
) -> Result<(), RuleViolation> {
    if !tx.state.edition_rules().turn.deals {
        return Err(RuleViolation::NoDeals);
    }
    tx.state.living_player(actor)?;
    match command {
        EditionCommand::OfferDeal { to, give, ask } => offer(tx, actor, *to, give, ask),
        EditionCommand::AcceptDeal => accept(tx, actor),
        EditionCommand::DeclineDeal => decline(tx, actor),
        EditionCommand::ChooseSector { .. } => Err(RuleViolation::SectorsAlreadyChosen),
    }
}

fn see_each_other(state: &State, a: Seat, b: Seat) -> bool {
    let to = state.wizard(b).square;
    state.reaches(state.wizard(a).square, SightTarget::Square(to), false)
}

fn offer(
    tx: &mut ClassicTx,
    from: Seat,
    to: Seat,
    give: &[CardId],
    ask: &[CardName],
) -> Result<(), RuleViolation> {
    let turn = tx.state.active_turn(from)?;
    if turn.phase != Phase::MoveAndCast {
        return Err(RuleViolation::WrongPhase {
            expected: Phase::MoveAndCast,
        });
    }
    if to == from {
        return Err(RuleViolation::BadDeal("a deal is made with another player"));
    }
    if !tx.state.find_wizard(to).is_some_and(|w| w.alive) {
        return Err(RuleViolation::NoSuchWizard(to));
    }
    if give.is_empty() && ask.is_empty() {
        return Err(RuleViolation::BadDeal("name the cards given or asked for"));
    }
    let mut unique = give.to_vec();
    unique.sort();
    unique.dedup();
    if unique.len() != give.len() {
        return Err(RuleViolation::BadDeal("name each card given once"));
    }
    if give.iter().any(|c| !tx.state.wizard(from).hand.contains(c)) {
        return Err(RuleViolation::CardNotInHand);
    }
    if !see_each_other(&tx.state, from, to) {
        return Err(RuleViolation::NotInSight);
    }
    if let Some(old) = tx.state.deal.clone() {
        tx.emit(ClassicEvent::Edition(EditionEvent::DealDeclined {
            from: old.from,
            to: old.to,
            by: from,
        }));
    }
    let keeper = Keeper::Seats(from, to);
    let give = give.iter().map(|c| tx.state.card_view(*c)).collect();
    tx.emit(ClassicEvent::Edition(EditionEvent::DealOffered {
        from,
        to,
        give: Secret::new(keeper, give),
        ask: Secret::new(keeper, ask.to_vec()),
    }));
    Ok(())
}

/// The cards of `seat`'s hand that answer `names`: the first copy of each.
fn asked_cards(state: &State, seat: Seat, names: &[CardName]) -> Option<Vec<CardId>> {
    let mut left: Vec<CardId> = state.wizard(seat).hand.clone();
    let mut found = vec![];
    for name in names {
        let at = left.iter().position(|c| state.cards[c.index()] == *name)?;
        found.push(left.remove(at));
    }
    Some(found)
}

fn accept(tx: &mut ClassicTx, actor: Seat) -> Result<(), RuleViolation> {
    let deal = tx
        .state
        .deal
        .clone()
        .filter(|d| d.to == actor)
        .ok_or(RuleViolation::NoDealOffered)?;
    if !tx.state.stack.is_empty() {
        return Err(RuleViolation::ResponseWindowOpen);
    }
    tx.state.living_player(deal.from)?;
    if !see_each_other(&tx.state, deal.from, deal.to) {
        return Err(RuleViolation::NotInSight);
    }
    let from_hand = &tx.state.wizard(deal.from).hand;
    if deal.give.iter().any(|c| !from_hand.contains(c)) {
        return Err(RuleViolation::DealCardsMissing);
    }
    let asked =
        asked_cards(&tx.state, deal.to, &deal.ask).ok_or(RuleViolation::DealCardsMissing)?;
    for (seat, gets, gives) in [
        (deal.from, asked.len(), deal.give.len()),
        (deal.to, deal.give.len(), asked.len()),
    ] {
        let limit = super::super::effects::hand_limit(&tx.state, seat);
        if tx.state.hand_total(seat) + gets > limit + gives {
            return Err(RuleViolation::HandFull { limit });
        }
    }
    let keeper = Keeper::Seats(deal.from, deal.to);
    let views = |cards: &[CardId]| -> Vec<CardView> {
        cards.iter().map(|c| tx.state.card_view(*c)).collect()
    };
    let given = views(&deal.give);
    let received = views(&asked);
    tx.emit(ClassicEvent::Edition(EditionEvent::DealAccepted {
        from: deal.from,
        to: deal.to,
        given: Secret::new(keeper, given),
        received: Secret::new(keeper, received),
    }));
    Ok(())
}

fn decline(tx: &mut ClassicTx, actor: Seat) -> Result<(), RuleViolation> {
    let deal = tx
        .state
        .deal
        .clone()
        .filter(|d| d.to == actor || d.from == actor)
        .ok_or(RuleViolation::NoDealOffered)?;
    tx.emit(ClassicEvent::Edition(EditionEvent::DealDeclined {
        from: deal.from,
        to: deal.to,
        by: actor,
    }));
    Ok(())
}

/// A standing offer lapses when the turn ends: told just before the turn's
/// end, wherever in `events` a turn ends while an offer stands (the engine
/// ends turns without knowing of deals).
pub fn lapse_when_turns_end(before: &ClassicState, events: Vec<ClassicEvent>) -> Vec<ClassicEvent> {
    let mut standing = before.deal.as_ref().map(|deal| (deal.from, deal.to));
    let mut told = Vec::with_capacity(events.len() + 1);
    for event in events {
        match &event {
            ClassicEvent::Edition(EditionEvent::DealOffered { from, to, .. }) => {
                standing = Some((*from, *to));
            }
            ClassicEvent::Edition(
                EditionEvent::DealAccepted { .. }
                | EditionEvent::DealDeclined { .. }
                | EditionEvent::DealLapsed { .. },
            ) => standing = None,
            ClassicEvent::Engine(Event::TurnEnded { .. }) => {
                if let Some((from, to)) = standing.take() {
                    told.push(ClassicEvent::Edition(EditionEvent::DealLapsed { from, to }));
                }
            }
            _ => {}
        }
        told.push(event);
    }
    told
}

/// The ids of a deal's cards as its event tells them (none when hidden:
/// events are folded unredacted, so never in play).
fn card_ids(cards: &Secret<Vec<CardView>>) -> Vec<CardId> {
    cards
        .revealed()
        .map(|cards| cards.iter().map(|c| c.id).collect())
        .unwrap_or_default()
}

/// Folds a deal's event.
pub fn evolve(state: &mut ClassicState, event: &EditionEvent) {
    match event {
        EditionEvent::DealOffered {
            from,
            to,
            give,
            ask,
        } => {
            state.deal = Some(Deal {
                from: *from,
                to: *to,
                give: card_ids(give),
                ask: ask.revealed().cloned().unwrap_or_default(),
            });
        }
        EditionEvent::DealAccepted {
            from,
            to,
            given,
            received,
        } => {
            state.deal = None;
            let (given, received) = (card_ids(given), card_ids(received));
            for w in state.wizards.iter_mut() {
                if w.seat == *from {
                    w.hand.retain(|c| !given.contains(c));
                    w.hand.extend(&received);
                } else if w.seat == *to {
                    w.hand.retain(|c| !received.contains(c));
                    w.hand.extend(&given);
                }
            }
        }
        EditionEvent::DealDeclined { .. } | EditionEvent::DealLapsed { .. } => state.deal = None,
        _ => {}
    }
}

/// The deal in `viewer`'s view.
pub fn view(state: &ClassicState, viewer: crate::ruleset::Viewer) -> Option<DealView> {
    state.deal.as_ref().map(|d| {
        let keeper = Keeper::Seats(d.from, d.to);
        DealView {
            from: d.from,
            to: d.to,
            give: Secret::new(keeper, d.give.iter().map(|c| state.card_view(*c)).collect())
                .shown_to(viewer),
            ask: Secret::new(keeper, d.ask.clone()).shown_to(viewer),
        }
    })
}

/// Hides the cards a deal event names (those offered and those asked, or
/// those given and those received) from everyone but its two players,
/// `from` and `to`. Every event's redaction is one exhaustive `match`
/// ([`super::super::views::redact`]); a deal declined or lapsed names no
/// card, so it is not sent here.
pub fn redact<A, B>(
    viewer: crate::ruleset::Viewer,
    (from, to): (Seat, Seat),
    offered: &mut Secret<A>,
    asked: &mut Secret<B>,
) {
    offered.hide_unless(viewer, Keeper::Seats(from, to));
    asked.hide_unless(viewer, Keeper::Seats(from, to));
}

/// The deal commands `seat` may make now (before `decide` filters them).
pub fn candidates(state: &ClassicState, seat: Seat) -> Vec<EditionCommand> {
    if !state.edition_rules().turn.deals {
        return vec![];
    }
    let mut listed = vec![];
    if state.deal.is_some() {
        listed.push(EditionCommand::AcceptDeal);
        listed.push(EditionCommand::DeclineDeal);
    }
    if state.turn.as_ref().is_some_and(|t| t.seat == seat) {
        for other in state.wizards.iter().filter(|w| w.seat != seat && w.alive) {
            for card in &state.wizard(seat).hand {
                listed.push(EditionCommand::OfferDeal {
                    to: other.seat,
                    give: vec![*card],
                    ask: vec![],
                });
            }
        }
    }
    listed
}

/// Narrates a deal's event, naming cards only when they are shown.
pub fn tell(event: &EditionEvent, name: &dyn Fn(Seat) -> String) -> Option<String> {
    // "Fireball", "Fireball and Shield", "nothing".
    let listed = |names: Vec<&str>| match names.as_slice() {
        [] => "nothing".to_owned(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    };
    let cards = |s: &Secret<Vec<CardView>>| {
        s.revealed()
            .map(|c| listed(c.iter().map(|c| super::deck::title(c.name)).collect()))
    };
    Some(match event {
        EditionEvent::DealOffered {
            from,
            to,
            give,
            ask,
        } => match (cards(give), ask.revealed()) {
            (Some(give), Some(ask)) => format!(
                "{} offers {} a deal: {}'s {} for {}'s {}.",
                name(*from),
                name(*to),
                name(*from),
                give,
                name(*to),
                listed(ask.iter().map(|n| super::deck::title(*n)).collect())
            ),
            _ => format!("{} offers {} a deal.", name(*from), name(*to)),
        },
        EditionEvent::DealAccepted {
            from,
            to,
            given,
            received,
        } => match (cards(given), cards(received)) {
            (Some(given), Some(received)) => format!(
                "{} accepts {}'s deal: {}'s {} for {}'s {}.",
                name(*to),
                name(*from),
                name(*from),
                given,
                name(*to),
                received
            ),
            _ => format!("{} accepts {}'s deal.", name(*to), name(*from)),
        },
        EditionEvent::DealDeclined { from, to, by } if by == from => {
            format!("{} withdraws his deal to {}.", name(*from), name(*to))
        }
        EditionEvent::DealDeclined { from, to, .. } => {
            format!("{} declines {}'s deal.", name(*to), name(*from))
        }
        EditionEvent::DealLapsed { from, to } => format!(
            "{}'s deal to {} lapses with the turn.",
            name(*from),
            name(*to)
        ),
        _ => return None,
    })
}
