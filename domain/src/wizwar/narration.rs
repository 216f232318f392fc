//! The game told in words: one sentence per event, for the reader the event
//! was redacted for ("Merlin draws 2 cards" for the others, the cards
//! themselves for Merlin). Squares are told by the letters and numbers on
//! the picture's edges ("C1": column C from the west, row 1 from the
//! north; the view's row 0, column 2), as the web page names them too.
//!
//! The game handed in is the game at or after the event: only facts fixed
//! once made are read from it (which card a card id is, whose treasure a
//! treasure is), never where things stand now.

use serde_json::Value;

use super::WizWar;
use super::cards::CardName;
use super::casting::{CastKind, Destination, SpellOption, SpellTarget};
use super::choices::Choice;
use super::commands::{Target, Thing};
use super::events::Event;
use super::labyrinth::{BorderLine, Direction, Orientation, Square, StepKind};
use super::objects::{BushKind, CardId, CardView, Creation};
use super::state::State;
use super::treasures::TreasureId;
use super::winning::{VictoryReason, WinReason};
use super::yield_policies::YieldPolicy;
use crate::kit::narration::{capitalised, counted, listed};
use crate::ruleset::{Presentation, Seat, SeatNames};

impl Presentation for WizWar {
    fn narrate(event: &Event, game: &State, names: &SeatNames) -> String {
        Teller { game, names }.tell(event)
    }

    fn picture(view: &super::views::View, names: &SeatNames) -> String {
        super::picture::draw(view, names)
    }

    fn card_names(secret: &Value) -> Vec<String> {
        let mut found = Vec::new();
        card_names_in(secret, CardName::title, &mut found);
        found
    }
}

/// Every card name in a secret: card names as strings (a deck's order) and
/// shown cards (`{"id", "name"}`); bare card ids name no card.
pub(super) fn card_names_in(
    secret: &Value,
    title: fn(CardName) -> &'static str,
    found: &mut Vec<String>,
) {
    match secret {
        Value::String(_) => {
            if let Ok(name) = serde_json::from_value::<CardName>(secret.clone()) {
                found.push(title(name).to_owned());
            }
        }
        Value::Array(items) => items.iter().for_each(|i| card_names_in(i, title, found)),
        Value::Object(fields) => fields.values().for_each(|v| card_names_in(v, title, found)),
        _ => {}
    }
}

fn square(s: Square) -> String {
    s.to_string()
}

/// "the line between E3 and E4", or "the north edge of E1".
fn line(l: BorderLine) -> String {
    let (r, c) = (l.row, l.col);
    let at = |row, col| square(Square::new(row, col));
    match l.orientation {
        Orientation::Horizontal if r == 0 => format!("the north edge of {}", at(0, c)),
        Orientation::Horizontal => format!("the line between {} and {}", at(r - 1, c), at(r, c)),
        Orientation::Vertical if c == 0 => format!("the west edge of {}", at(r, 0)),
        Orientation::Vertical => format!("the line between {} and {}", at(r, c - 1), at(r, c)),
    }
}

fn direction(d: Direction) -> &'static str {
    match d {
        Direction::North => "north",
        Direction::East => "east",
        Direction::South => "south",
        Direction::West => "west",
    }
}

struct Teller<'a> {
    game: &'a State,
    names: &'a SeatNames,
}

impl Teller<'_> {
    fn name(&self, seat: Seat) -> String {
        self.names.of(seat)
    }

    /// A card's title, as the game's edition prints it.
    fn title(&self, card: CardName) -> &'static str {
        (self.game.edition_rules().hooks.card_title)(card)
    }

    fn card(&self, c: &CardView) -> &'static str {
        self.title(c.name)
    }

    fn cards(&self, list: &[CardView]) -> String {
        listed(
            &list
                .iter()
                .map(|c| self.card(c).to_owned())
                .collect::<Vec<_>>(),
        )
    }

    /// The card an id names: a card shown on the board or in play, whose
    /// face everyone has seen.
    fn card_id(&self, id: CardId) -> &'static str {
        self.game
            .cards
            .get(id.index())
            .map_or("a card", |name| self.title(*name))
    }

    fn treasure(&self, id: TreasureId) -> String {
        match self.game.treasures.iter().find(|t| t.id == id) {
            Some(t) => format!("{}'s treasure", self.name(t.owner)),
            None => "a treasure".to_owned(),
        }
    }

    fn thing(&self, thing: Thing) -> String {
        match thing {
            Thing::Treasure { treasure } => self.treasure(treasure),
            Thing::Item { card } => self.card_id(card).to_owned(),
        }
    }

    /// What a spell is aimed at, as words that follow the verb ("at
    /// Merlin", "on (3, 4)"); empty for the caster himself.
    fn aimed(&self, target: &SpellTarget) -> String {
        match target {
            SpellTarget::Caster => String::new(),
            SpellTarget::Wizard { seat } => format!(" at {}", self.name(*seat)),
            SpellTarget::Line { line: l } => format!(" on {}", line(*l)),
            SpellTarget::Square { square: s } => format!(" on {}", square(*s)),
            SpellTarget::Object { card } => format!(" on the {}", self.card_id(*card)),
            SpellTarget::Treasure { treasure } => format!(" on {}", self.treasure(*treasure)),
            SpellTarget::Spell { card } => format!(" on {}", self.card_id(*card)),
            SpellTarget::Direction { direction: d } => format!(" {}", direction(*d)),
            SpellTarget::Board => " on the whole labyrinth".to_owned(),
            SpellTarget::Sector { slot } => format!(" on sector {}", slot.0),
        }
    }

    /// What the caster chose on the card ("to stun", "riding 3 squares");
    /// a Booby Trap's live token is never told.
    fn option(&self, option: &Option<SpellOption>) -> String {
        match option {
            None => String::new(),
            Some(SpellOption::Stun) => ", to stun".to_owned(),
            Some(SpellOption::Slot { slot }) => format!(", to slot {}", slot.0),
            Some(SpellOption::Split {
                damage,
                direction: d,
            }) => format!(
                ", {damage} of it as damage and the rest as a push {}",
                direction(*d)
            ),
            Some(SpellOption::Squares { count: n }) => {
                format!(", riding {}", counted(*n, "square", "squares"))
            }
            Some(SpellOption::Thing { thing }) => format!(", to drop {}", self.thing(*thing)),
            Some(SpellOption::Object { name }) => format!(", to drop a {}", self.title(*name)),
            Some(SpellOption::Turn { quarter_turns }) => format!(
                ", by {}",
                counted(*quarter_turns, "quarter turn", "quarter turns")
            ),
            Some(SpellOption::Energy { card }) => {
                format!(", spending the {} as well", self.card_id(*card))
            }
            Some(SpellOption::Tokens { .. }) => ", laying four tokens".to_owned(),
        }
    }

    fn attacked(&self, target: &Target) -> String {
        match target {
            Target::Wizard { seat } => self.name(*seat),
            Target::Line { line: l } => format!("the barrier on {}", line(*l)),
            Target::Treasure { treasure } => self.treasure(*treasure),
            Target::Object { card } => format!("the {}", self.card_id(*card)),
        }
    }

    fn creation(&self, creation: &Creation) -> String {
        match creation {
            Creation::StoneWall { line: l, .. } => format!("a stone wall on {}", line(*l)),
            Creation::WallOfFire { line: l, .. } => format!("a Wall of Fire on {}", line(*l)),
            Creation::StoneBlock { square: s, .. } => {
                format!("a {} on {}", self.title(CardName::StoneBlock), square(*s))
            }
            Creation::Door { line: l, .. } => format!("a door on {}", line(*l)),
            Creation::DustCloud { square: s, .. } => format!("a Dust Cloud on {}", square(*s)),
            Creation::TrapToken { square: s, .. } => {
                format!("a Booby Trap token on {}", square(*s))
            }
            Creation::Bush {
                square: s, bush, ..
            } => {
                let kind = match bush {
                    BushKind::Rose => "Rosebush",
                    BushKind::Thorn => "Thornbush",
                };
                format!("a {kind} on {}", square(*s))
            }
        }
    }

    fn choice(&self, choice: &Choice) -> String {
        match choice {
            Choice::BrainBurn { seat, .. } => format!(
                "{} may discard cards and end spells before Brain Burn strikes",
                self.name(*seat)
            ),
            Choice::ThoughtSteal { seat, victim } => format!(
                "{} chooses up to two cards of {}'s hand (Thought Steal)",
                self.name(*seat),
                self.name(*victim)
            ),
            Choice::MentalForce {
                seat,
                victim,
                steps,
            } => format!(
                "{} walks {} up to {} (Mental Force)",
                self.name(*seat),
                self.name(*victim),
                counted(*steps, "square", "squares")
            ),
            Choice::Brainstone { seat } => format!(
                "{} discards two cards as the Brainstone leaves",
                self.name(*seat)
            ),
            Choice::Featherweight { push } => format!(
                "{} picks where to be pushed (Featherweight)",
                self.name(push.seat)
            ),
            Choice::Ward {
                seat,
                thief,
                treasure,
            } => format!(
                "{} may answer {} taking {} with a Ward",
                self.name(*seat),
                self.name(*thief),
                self.treasure(*treasure)
            ),
        }
    }

    fn tell(&self, event: &Event) -> String {
        let name = |seat: Seat| self.name(seat);
        let card = |c: &CardView| self.card(c);
        let cards = |list: &[CardView]| self.cards(list);
        match event {
            Event::OptionalRulesChosen { .. } => {
                "The game is played with optional rules (see the view).".to_owned()
            }
            Event::DoorJammedOpen { seat, line: l } => format!(
                "{} removes the lock of the door on {}: it stays open for good.",
                name(*seat),
                line(*l)
            ),
            Event::SectorRelocated { slot, to } => {
                let three = self.game.labyrinth.sectors.len() == 3;
                format!(
                    "The sector in the {} moves to the {}{}.",
                    place(*slot, self.game.labyrinth.rows),
                    place(*to, self.game.labyrinth.rows),
                    if three {
                        "; the AUTO WARP is gone for good"
                    } else {
                        ""
                    }
                )
            }
            Event::BoardBuilt { sectors, .. } => format!(
                "The labyrinth is laid out from {} sector boards.",
                sectors.len()
            ),
            Event::WizardPlaced { seat, square: s } => {
                format!("{}'s wizard stands on {}.", name(*seat), square(*s))
            }
            Event::TreasurePlaced {
                owner, square: s, ..
            } => format!("{}'s treasure lies on {}.", name(*owner), square(*s)),
            Event::DeckBuilt { size, .. } => {
                format!("The Magic deck of {size} cards is shuffled.")
            }
            Event::CardsDrawn {
                seat,
                count: n,
                cards: drawn,
            } => match drawn.revealed() {
                Some(drawn) if !drawn.is_empty() => {
                    format!("{} draws {}.", name(*seat), cards(drawn))
                }
                _ => format!("{} draws {}.", name(*seat), counted(*n, "card", "cards")),
            },
            Event::BlackCantripDeckBuilt { seats, size, .. } => format!(
                "The Black Cantrip deck of {size} cards is shuffled for {}.",
                listed(&seats.iter().map(|s| name(*s)).collect::<Vec<_>>())
            ),
            Event::DiscardPileShuffled { size, .. } => {
                format!("The discard pile of {size} cards is shuffled into a new deck.")
            }
            Event::FirstPlayerChosen { seat } => format!("{} plays first.", name(*seat)),
            Event::TurnStarted {
                seat,
                movement_points,
                stunned,
            } => {
                if *stunned {
                    format!("{}'s turn begins, stunned.", name(*seat))
                } else {
                    format!(
                        "{}'s turn begins with {movement_points} movement points.",
                        name(*seat)
                    )
                }
            }
            Event::WizardMoved {
                seat,
                from,
                to,
                direction: d,
                step,
                ..
            } => {
                let how = match step {
                    StepKind::Adjacent => String::new(),
                    StepKind::WrapAround => " around the edge of the board".to_owned(),
                    StepKind::Portal => " through a portal".to_owned(),
                    StepKind::AutoWarp => " across the auto warp".to_owned(),
                };
                format!(
                    "{} moves {} from {} to {}{how}.",
                    name(*seat),
                    direction(*d),
                    square(*from),
                    square(*to)
                )
            }
            Event::SpeedBoosted {
                seat,
                card: c,
                movement_points,
            } => format!(
                "{} discards {} for speed: {movement_points} movement points.",
                name(*seat),
                card(c)
            ),
            Event::DoorHeldOpen { seat, line: l } => {
                format!("{} holds the door on {} open.", name(*seat), line(*l))
            }
            Event::DoorClosed { line: l } => format!("The door on {} closes.", line(*l)),
            Event::Punched { seat, target } => {
                format!("{} punches {}.", name(*seat), self.attacked(target))
            }
            Event::PunchThrown { seat, victim, .. } => format!(
                "{} throws a punch at {}, who may answer it.",
                name(*seat),
                name(*victim)
            ),
            Event::WizardDamaged {
                seat,
                amount,
                life,
                kind,
            } => {
                let kind = match kind {
                    Some(super::damage::DamageKind::Physical) => "physical ",
                    Some(super::damage::DamageKind::Magical) => "magical ",
                    None => "",
                };
                format!(
                    "{} takes {amount} {kind}damage and has {life} life.",
                    name(*seat)
                )
            }
            Event::BarrierDamaged {
                line: l,
                cracks_added,
                cracks,
                ..
            } => {
                // The classic edition counts damage points, not cracks.
                match self.game.edition_rules().barrier_damage {
                    super::edition::BarrierDamage::Cracks { .. } => format!(
                        "The barrier on {} takes {}, {} in all.",
                        line(*l),
                        counted(*cracks_added, "crack", "cracks"),
                        counted(*cracks, "crack", "cracks")
                    ),
                    super::edition::BarrierDamage::Points { .. } => format!(
                        "The barrier on {} takes {}, {} in all.",
                        line(*l),
                        counted(*cracks_added, "point of damage", "points of damage"),
                        cracks
                    ),
                }
            }
            Event::BarrierDestroyed { line: l } => {
                format!("The barrier on {} is destroyed.", line(*l))
            }
            Event::ItemPickedUp { seat, card: c, .. } => {
                format!("{} picks up the {}.", name(*seat), card(c))
            }
            Event::ItemDropped {
                seat,
                card: c,
                square: s,
            } => format!("{} drops the {} on {}.", name(*seat), card(c), square(*s)),
            Event::ItemPlayed { seat, card: c } => {
                format!("{} puts the {} into play.", name(*seat), card(c))
            }
            Event::TreasurePickedUp { seat, treasure } => {
                format!("{} picks up {}.", name(*seat), self.treasure(*treasure))
            }
            Event::TreasureDropped {
                seat,
                treasure,
                square: s,
            } => format!(
                "{} drops {} on {}.",
                name(*seat),
                self.treasure(*treasure),
                square(*s)
            ),
            Event::TreasuresCaptured { seat } => format!(
                "Both of {}'s treasures lie in enemy home bases: the wizard is lost.",
                name(*seat)
            ),
            Event::VictoryPointScored { seat, reason } => match reason {
                VictoryReason::Kill => {
                    format!("{} scores a victory point for a kill.", name(*seat))
                }
                VictoryReason::Treasure => {
                    format!("{} scores a victory point for a treasure.", name(*seat))
                }
            },
            Event::VictoryPointLost { seat, reason } => match reason {
                VictoryReason::Kill => format!("{} loses a victory point.", name(*seat)),
                VictoryReason::Treasure => format!(
                    "{} loses a victory point: the treasure left the home base.",
                    name(*seat)
                ),
            },
            Event::MoveAndCastEnded { seat } => {
                format!("{} ends moving and casting.", name(*seat))
            }
            Event::CardsDiscarded { seat, cards: c } => {
                format!("{} discards {}.", name(*seat), cards(c))
            }
            Event::TurnEnded { seat } => format!("{}'s turn ends.", name(*seat)),
            Event::DieRolled { value } => format!("The die shows {value}."),
            Event::WizardStunned { seat, tokens } => format!(
                "{} is stunned ({}).",
                name(*seat),
                counted(*tokens, "stun token", "stun tokens")
            ),
            Event::SpellEnded { seat, card: c } => {
                format!("{}'s {} ends.", name(*seat), card(c))
            }
            Event::WizardDied {
                seat,
                square: s,
                killer,
            } => match killer {
                Some(k) => format!(
                    "{} kills {}'s wizard on {}.",
                    name(*k),
                    name(*seat),
                    square(*s)
                ),
                None => format!("{}'s wizard dies on {}.", name(*seat), square(*s)),
            },
            Event::HandTaken {
                from,
                to,
                count: n,
                cards: taken,
            } => match taken.revealed() {
                Some(taken) if !taken.is_empty() => format!(
                    "{} takes {}'s hand: {}.",
                    name(*to),
                    name(*from),
                    cards(taken)
                ),
                _ => format!(
                    "{} takes {}'s hand of {}.",
                    name(*to),
                    name(*from),
                    counted(*n, "card", "cards")
                ),
            },
            Event::GameWon { seat, reason } => {
                let how = match reason {
                    WinReason::VictoryPoints => "on victory points",
                    WinReason::LastWizardStanding => "as the last wizard standing",
                    WinReason::EnemyTreasures => "with enemy treasures in the home base",
                };
                format!("{} wins the game {how}.", name(*seat))
            }
            Event::SpellCast {
                seat,
                card: c,
                kind,
                energy,
                target,
                option,
                bent,
                ..
            } => {
                let verb = match kind {
                    CastKind::Spell | CastKind::Counter => "casts",
                    CastKind::Item => "plays",
                    CastKind::Use => "uses",
                    // Never recorded: a punch is thrown (`punch_thrown`).
                    CastKind::Punch => "throws",
                };
                let around = if *bent { " around a corner" } else { "" };
                format!(
                    "{} {verb} {}{}{around} with {} {energy}{}.",
                    name(*seat),
                    card(c),
                    self.aimed(target),
                    self.game.edition_rules().spell_number,
                    self.option(option)
                )
            }
            Event::CounterPlayed {
                seat,
                card: c,
                energy,
                ..
            } => format!(
                "{} answers with {} (energy {energy}).",
                name(*seat),
                card(c)
            ),
            Event::ResponsePassed { seat } => format!("{} lets it pass.", name(*seat)),
            Event::CastCancelled { card: c, by } => {
                format!("{} cancels the {}.", card(by), card(c))
            }
            Event::DamageReduced {
                card: c,
                by,
                amount,
            } => format!("{} takes {amount} off the {}'s damage.", card(by), card(c)),
            Event::WizardShielded { seat, against, by } => format!(
                "{}'s {} keeps the {} away.",
                name(*seat),
                card(by),
                card(against)
            ),
            Event::WallOfEarthRaised {
                seat,
                line: l,
                against,
            } => format!(
                "{} raises a Wall of Earth on {} against the {}.",
                name(*seat),
                line(*l),
                card(against)
            ),
            Event::DamageHalved { seat, card: c, by } => format!(
                "{}'s {} stops half the damage of the {}.",
                name(*seat),
                card(by),
                card(c)
            ),
            Event::WizardDragged { seat, by, to, .. } => {
                format!("{} drags {} to {}.", name(*by), name(*seat), square(*to))
            }
            Event::TrapTurnedUp {
                seat,
                card: c,
                dealt,
            } => {
                if *dealt {
                    format!(
                        "{} is dealt a {}, turned up for all to see: it is discarded.",
                        name(*seat),
                        card(c)
                    )
                } else {
                    format!(
                        "{} draws a {}, turned up for all to see: it springs on him.",
                        name(*seat),
                        card(c)
                    )
                }
            }
            Event::DeckReshuffled { size, .. } => {
                format!("The deck, {size} cards, is reshuffled.")
            }
            Event::CastResolved { seat, card: c, to } => {
                let then = match to {
                    Destination::Discarded => "",
                    Destination::Maintained { .. } => " and stays in play",
                    Destination::Carried => " and is carried",
                    Destination::Kept => "",
                    Destination::NearTheBoard => ", its card laid near the board",
                    Destination::DiscardedLasting { .. } => " and lasts, its card discarded",
                };
                format!("{}'s {} takes effect{then}.", name(*seat), card(c))
            }
            Event::CastDiscarded { seat, card: c } => {
                format!("{}'s {} is discarded without effect.", name(*seat), card(c))
            }
            Event::SpellMayBend { seat } => format!(
                "{}'s next spell this turn may bend around a corner.",
                name(*seat)
            ),
            Event::EnergyTokenRemoved {
                seat,
                card: c,
                tokens,
            } => format!(
                "{}'s {} loses an energy token ({} left).",
                name(*seat),
                card(c),
                tokens
            ),
            Event::TrapArmed {
                seat, square: s, ..
            } => format!(
                "{} arms the live Booby Trap token on {}.",
                name(*seat),
                square(*s)
            ),
            Event::TrapTokenTurned {
                square: s, live, ..
            } => {
                if *live {
                    format!("The Booby Trap token on {} springs.", square(*s))
                } else {
                    format!("The Booby Trap token on {} is a dud.", square(*s))
                }
            }
            Event::ObjectCreated { seat, creation } => {
                format!("{} creates {}.", name(*seat), self.creation(creation))
            }
            Event::ObjectDamaged {
                card: c,
                cracks_added,
                cracks,
                ..
            } => format!(
                "The {} takes {}, {} in all.",
                card(c),
                counted(*cracks_added, "crack", "cracks"),
                counted(*cracks, "crack", "cracks")
            ),
            Event::SectorRotated {
                slot,
                quarter_turns,
            } => format!(
                "Sector {} turns clockwise by {}.",
                slot.0,
                counted(*quarter_turns, "quarter turn", "quarter turns")
            ),
            Event::JunctionWallRolled { slot, .. } => {
                format!("At the junction, the wall of sector {} is touched.", slot.0)
            }
            Event::AttackEvaded { seat, against } => {
                format!("{} evades the {}.", name(*seat), card(against))
            }
            Event::SpellAbsorbed { seat, card: c } => {
                format!("{} absorbs the {} into the hand.", name(*seat), card(c))
            }
            Event::EnergyAdded { seat, energy } => format!(
                "{}'s next spell this turn has energy {energy}.",
                name(*seat)
            ),
            Event::AstralProjected { seat, square: s } => format!(
                "{}'s next spell will be cast from {}.",
                name(*seat),
                square(*s)
            ),
            Event::Teleported { seat, from, to } => format!(
                "{} teleports from {} to {}.",
                name(*seat),
                square(*from),
                square(*to)
            ),
            Event::WizardsSwapped {
                seat,
                square: s,
                with,
                with_square,
            } => format!(
                "{} and {} swap places: {} now on {}, {} on {}.",
                name(*seat),
                name(*with),
                name(*seat),
                square(*with_square),
                name(*with),
                square(*s)
            ),
            Event::MovingEnded { seat } => {
                format!("{} may move no more this turn.", name(*seat))
            }
            Event::ProjectionSpent { seat } => {
                format!("{}'s astral projection is spent.", name(*seat))
            }
            Event::AddedEnergySpent { seat } => {
                format!("{}'s added energy is spent.", name(*seat))
            }
            Event::ArmfulTaken { seat, square: s } => format!(
                "{} takes an armful on {}: more pick-ups there are free.",
                name(*seat),
                square(*s)
            ),
            Event::LifeShared {
                seat,
                life,
                with,
                with_life,
            } => format!(
                "{} and {} share their life: {} has {life}, {} has {with_life}.",
                name(*seat),
                name(*with),
                name(*seat),
                name(*with)
            ),
            Event::MovementChanged { seat, by } => {
                if *by >= 0 {
                    format!("{} gains {by} movement points.", name(*seat))
                } else {
                    format!("{} loses {} movement points.", name(*seat), -by)
                }
            }
            Event::DiseaseCaught { carrier, victim } => format!(
                "{} passes the Disease on to {}.",
                name(*carrier),
                self.attacked(victim)
            ),
            Event::WizardDashed { seat } => format!(
                "{} dashes: double movement, no treasure this turn.",
                name(*seat)
            ),
            Event::WizardHealed { seat, amount, life } => {
                format!("{} heals {amount} and has {life} life.", name(*seat))
            }
            Event::BrainstoneWoken { seat, .. } => {
                format!("{}'s Brainstone wakes: 2 more cards.", name(*seat))
            }
            Event::ChoiceAwaited { choice } => format!("{}.", capitalised(&self.choice(choice))),
            Event::ChoiceMade { seat } => format!("{} has chosen.", name(*seat)),
            Event::HandRevealed {
                seat,
                to,
                count: n,
                cards: shown,
            } => match shown.revealed() {
                Some(shown) if !shown.is_empty() => format!(
                    "{} shows {} a hand of {}.",
                    name(*seat),
                    name(*to),
                    cards(shown)
                ),
                _ => format!(
                    "{} shows {} a hand of {}.",
                    name(*seat),
                    name(*to),
                    counted(*n, "card", "cards")
                ),
            },
            Event::CardsTaken {
                from,
                to,
                count: n,
                cards: taken,
            } => match taken.revealed() {
                Some(taken) if !taken.is_empty() => {
                    format!("{} takes {} from {}.", name(*to), cards(taken), name(*from))
                }
                _ => format!(
                    "{} takes {} from {}.",
                    name(*to),
                    counted(*n, "card", "cards"),
                    name(*from)
                ),
            },
            Event::YieldPolicySet { seat, policy } => {
                let when = match policy {
                    YieldPolicy::Always => "at every response window",
                    YieldPolicy::WhenTargeted => "only when a cast aims at them or their things",
                    YieldPolicy::WhenICanCounter => "only when holding a counter that could answer",
                    YieldPolicy::Never => "never",
                };
                format!("{} asks to be stopped {when}.", name(*seat))
            }
            Event::ResponseYielded { seat } => {
                format!("The server lets it pass for {}.", name(*seat))
            }
            Event::PushedBack { push } => format!(
                "{} will be pushed back up to {}.",
                name(push.seat),
                counted(push.steps, "square", "squares")
            ),
            Event::PushBegan { seat } => format!("{} is pushed back.", name(*seat)),
            Event::ItemDestroyed { seat, card: c } => match seat {
                Some(s) => format!("{}'s {} is destroyed.", name(*s), card(c)),
                None => format!("The {} is destroyed.", card(c)),
            },
            Event::ItemSnatched { from, to, card: c } => format!(
                "{} snatches the {} from {}.",
                name(*to),
                card(c),
                name(*from)
            ),
            Event::WardPlayed {
                seat,
                card: c,
                thief,
            } => format!("{} answers {} with {}.", name(*seat), name(*thief), card(c)),
            Event::CreatureCreated { seat, creature } => format!(
                "{} brings a {} to life on {}.",
                name(*seat),
                self.card_id(creature.card),
                square(creature.square)
            ),
            Event::CreatureMoved {
                card: c, from, to, ..
            } => format!(
                "The {} moves from {} to {}.",
                self.card_id(*c),
                square(*from),
                square(*to)
            ),
            Event::CreatureDamaged {
                card: c,
                damage,
                life,
            } => format!("The {} takes {damage} damage and has {life} life.", card(c)),
            Event::LookedThrough {
                seat, square: s, ..
            } => format!(
                "{} looks through the creature's eyes on {}.",
                name(*seat),
                square(*s)
            ),
            Event::CarriedItemsBackInHand { seat, cards: c } => {
                format!(
                    "{}'s {} {} back into his hand.",
                    name(*seat),
                    cards(c),
                    if c.len() == 1 { "goes" } else { "go" }
                )
            }
        }
    }
}

/// Where a sector slot lies: "west half" (two players) or "north-east quarter".
fn place(slot: super::labyrinth::SectorIndex, rows: u8) -> &'static str {
    let two = rows <= super::sector_boards::SECTOR_SIZE;
    match (slot.0, two) {
        (0, true) => "west half",
        (_, true) => "east half",
        (0, false) => "north-west quarter",
        (1, false) => "north-east quarter",
        (2, false) => "south-west quarter",
        _ => "south-east quarter",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Viewer;
    use crate::kit::{Keeper, Secret};

    fn names() -> SeatNames {
        SeatNames::new(vec![Some("Morgana".into()), Some("Merlin".into())])
    }

    fn told(event: &Event) -> String {
        WizWar::narrate(event, &State::default(), &names())
    }

    fn fireball() -> CardView {
        CardView {
            id: CardId(7),
            name: CardName::Fireball,
        }
    }

    #[test]
    fn a_fireball_at_a_wizard_and_its_damage_are_told_with_both_names() {
        let cast = Event::SpellCast {
            seat: Seat(0),
            card: fireball(),
            kind: CastKind::Spell,
            energy_card: None,
            energy: 5,
            target: SpellTarget::Wizard { seat: Seat(1) },
            option: None,
            attack: true,
            bent: false,
            origin: Square::new(1, 1),
            responders: vec![Seat(1)],
        };
        assert_eq!(
            told(&cast),
            "Morgana casts Fireball at Merlin with energy 5."
        );
        let hurt = Event::WizardDamaged {
            seat: Seat(1),
            amount: 5,
            life: 10,
            kind: None,
        };
        assert_eq!(told(&hurt), "Merlin takes 5 damage and has 10 life.");
    }

    #[test]
    fn a_draw_names_the_cards_to_their_owner_and_only_counts_them_for_the_others() {
        let drawn = Event::CardsDrawn {
            seat: Seat(1),
            count: 2,
            cards: Secret::new(
                Keeper::Seat(Seat(1)),
                vec![
                    fireball(),
                    CardView {
                        id: CardId(9),
                        name: CardName::Zot,
                    },
                ],
            ),
        };
        assert_eq!(told(&drawn), "Merlin draws Fireball and Zot!.");
        let seen = super::super::views::redact(&drawn, Viewer::Player(Seat(0))).unwrap();
        assert_eq!(told(&seen), "Merlin draws 2 cards.");
    }

    #[test]
    fn a_crack_names_the_two_squares_its_barrier_separates() {
        let cracked = Event::BarrierDamaged {
            line: BorderLine {
                orientation: Orientation::Horizontal,
                row: 3,
                col: 4,
            },
            damage: 1,
            cracks_added: 1,
            cracks: 2,
        };
        assert_eq!(
            told(&cracked),
            "The barrier on the line between E3 and E4 takes 1 crack, 2 cracks in all."
        );
    }

    #[test]
    fn hidden_card_names_are_read_from_names_and_shown_cards_but_not_from_ids() {
        let names = |v: Value| WizWar::card_names(&v);
        assert_eq!(
            names(serde_json::json!(["fireball", {"id": 3, "name": "zot"}])),
            ["Fireball", "Zot!"]
        );
        assert!(names(serde_json::json!([3, 4, 5])).is_empty());
    }
}
