//! Alchemy: the Magic Stones (Bloodshard, Boomstone, Brainstone, Lifestone,
//! Mightstone, Powerstone, Speedstone, Spellstone), Null Powder, Universal
//! Solvent, Stone Dead, Acid Bath, Add, Fool's Gold and Visionstone (its
//! sight is in [`super::super::casting::check_range`]) and Homunculus (the
//! creature it makes lives in [`super::super::creatures`]).
//!
//! Magic Stones are destroyed when their carrier suffers fire damage
//! (p.11); a Boomstone destroyed that way bursts on him for 4.
//!
//! **Brainstone** (data §2.2, completed per §8):
//! - Each one carried raises its carrier's hand limit by 2 (the stone itself
//!   counts toward the limit like any carried item).
//! - Coming and going are seen after every command, whatever the path: cast
//!   into play, picked up, dropped, destroyed (fire), stolen.
//! - "The first time it is cast or acquired" is read per wizard and per
//!   card: a wizard draws 2 the first time he gains that Brainstone, never
//!   again for the same card, so dropping and picking it up cannot be used to
//!   cycle cards. Another wizard gaining it draws for himself once.
//! - When it leaves a living wizard he discards 2 cards of his choice from
//!   his hand (a `brainstone` choice: `discard` exactly two). With 2 or fewer
//!   cards in hand there is nothing to choose: all of them go. If a response
//!   window or another choice is still open, the choice cannot wait: his two
//!   newest cards go. A dead wizard discards nothing more.

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::super::cards::{self, CardName, Trait};
use super::super::casting::{CastKind, Casting, SpellTarget};
use super::super::choices::Choice;
use super::super::commands::Command;
use super::super::durations;
use super::super::effects::{InPlay, Triggers};
use super::super::events::Event;
use super::super::labyrinth::Barrier;
use super::super::objects::CardId;
use super::super::state::{State, Tx};
use super::super::violations::RuleViolation;
use super::rules::{Aim, CardRules, UseRules};
use super::{damage_wizard, hit_target, threatens};

/// Boomstone: 4 magical fire damage, thrown or bursting (data §2.2).
pub const BOOMSTONE_DAMAGE: u8 = 4;
/// Acid Bath: 2 magical damage in each of its caster's Time Passes (data §2.2).
pub const ACID_DAMAGE: u8 = 2;

/// How many carried cards of this name `seat` has.
pub fn carried(state: &State, seat: Seat, name: CardName) -> usize {
    state.find_wizard(seat).map_or(0, |w| {
        w.carried
            .iter()
            .filter(|c| state.cards[c.index()] == name)
            .count()
    })
}

fn is_stone(state: &State, card: CardId) -> bool {
    cards::definition(state.cards[card.index()])
        .traits
        .contains(&Trait::MagicStone)
}

/// Magic Stones `seat` carries.
pub fn stones(state: &State, seat: Seat) -> u8 {
    state.find_wizard(seat).map_or(0, |w| {
        w.carried.iter().filter(|c| is_stone(state, **c)).count() as u8
    })
}

/// Fire damage to a wizard destroys his Magic Stones; each Boomstone among
/// them bursts on him for 4 magical fire damage (not an attack).
pub fn shatter_stones(tx: &mut Tx, seat: Seat) {
    let before = super::super::effects::speed(&tx.state, seat);
    let stones: Vec<CardId> = tx
        .state
        .wizard(seat)
        .carried
        .iter()
        .copied()
        .filter(|c| is_stone(&tx.state, *c))
        .collect();
    let mut bursts = 0;
    for card in stones {
        if tx.state.cards[card.index()] == CardName::Boomstone {
            bursts += 1;
        }
        let card = tx.state.card_view(card);
        tx.emit(Event::ItemDestroyed {
            seat: Some(seat),
            card,
        });
    }
    super::super::effects::adjust_movement(tx, seat, before);
    for _ in 0..bursts {
        damage_wizard(tx, None, seat, BOOMSTONE_DAMAGE, Some(Trait::Fire), None);
    }
}

/// Water rinses the Acid Baths on a wizard.
pub fn rinse(tx: &mut Tx, seat: Seat) {
    let baths: Vec<CardId> = tx
        .state
        .spells
        .iter()
        .filter(|s| s.name == CardName::AcidBath && s.target == SpellTarget::Wizard { seat })
        .map(|s| s.card)
        .collect();
    for card in baths {
        durations::end_spell_in_play(tx, card);
    }
}

/// Stone Dead: the energy, plus one per Magic Stone the target carries.
pub fn stone_dead(tx: &mut Tx, cast: &Casting) {
    if let SpellTarget::Wizard { seat } = cast.target {
        let amount = cast.energy + stones(&tx.state, seat);
        hit_target(tx, cast, amount, None);
    }
}

/// Boomstone thrown: 4 magical fire damage; the stone is spent.
pub fn throw_boomstone(tx: &mut Tx, cast: &Casting) {
    hit_target(tx, cast, BOOMSTONE_DAMAGE, Some(Trait::Fire));
}

/// Universal Solvent may dissolve any object but an outer wall: walls,
/// doors, blocks, dropped items.
pub fn check_solvent(state: &State, target: SpellTarget) -> Result<(), RuleViolation> {
    match target {
        SpellTarget::Line { line } => match state.labyrinth.barrier(line) {
            None => Err(RuleViolation::NoBarrier(line)),
            Some(Barrier::OuterWall) => Err(RuleViolation::Indestructible),
            Some(_) => Ok(()),
        },
        SpellTarget::Object { .. } => Ok(()),
        _ => Err(RuleViolation::InvalidTarget(
            "the solvent is thrown at an object",
        )),
    }
}

/// Universal Solvent: the object and the solvent both dissolve.
pub fn dissolve(tx: &mut Tx, cast: &Casting) {
    match cast.target {
        SpellTarget::Line { line } if tx.state.labyrinth.barrier(line).is_some() => {
            tx.emit(Event::BarrierDestroyed { line });
            super::super::damage::end_created_wall(tx, line);
        }
        SpellTarget::Object { card } => {
            if tx.state.object_of_card(card).is_some() {
                let card = tx.state.card_view(card);
                tx.emit(Event::ItemDestroyed { seat: None, card });
            } else {
                durations::end_spell_in_play(tx, card);
            }
        }
        _ => {}
    }
}

/// Add is cast with two cards spent as energy: the cast's energy card and
/// the one named in its option.
pub fn check_add(
    state: &State,
    seat: Seat,
    energy: u8,
    option: Option<super::super::casting::SpellOption>,
) -> Result<(), RuleViolation> {
    let Some(super::super::casting::SpellOption::Energy { card }) = option else {
        return Err(RuleViolation::BadOption(
            "name the second card to spend as energy",
        ));
    };
    let hand = &state.wizard(seat).hand;
    if !hand.contains(&card) {
        return Err(RuleViolation::CardNotInHand);
    }
    // Every printed energy value is at least 2, so 1 means no energy card.
    if energy <= super::super::casting::DEFAULT_ENERGY {
        return Err(RuleViolation::BadOption("spend two cards as energy"));
    }
    super::super::movement::energy_value(state.cards[card.index()])
        .map(|_| ())
        .ok_or(RuleViolation::NoEnergyValue)
}

/// Add: the two energy values together fuel the caster's next spell.
pub fn add(tx: &mut Tx, cast: &Casting) {
    let Some(super::super::casting::SpellOption::Energy { card }) = cast.option else {
        return;
    };
    let second = super::super::movement::energy_value(tx.state.cards[card.index()]).unwrap_or(0)
        + super::super::effects::energy_bonus(&tx.state, cast.seat);
    tx.emit(Event::EnergyAdded {
        seat: cast.seat,
        energy: cast.energy + second,
    });
}

/// Fool's Gold: 3 magical damage to an enemy lifting a treasure (data §2.2).
pub const FOOLS_GOLD_DAMAGE: u8 = 3;

/// Fool's Gold is laid over the caster's own home sector.
pub fn check_fools_gold(
    state: &State,
    seat: Seat,
    target: SpellTarget,
) -> Result<(), RuleViolation> {
    let own = state.labyrinth.sector_of(seat).map(|s| s.slot);
    match target {
        SpellTarget::Sector { slot } if Some(slot) == own => Ok(()),
        _ => Err(RuleViolation::InvalidTarget(
            "Fool's Gold lies over your own home sector",
        )),
    }
}

/// Null Powder from the play area answers a spell aimed at its carrier.
pub fn check_null_powder(state: &State, seat: Seat, top: &Casting) -> Result<(), RuleViolation> {
    if top.kind != CastKind::Spell || !threatens(state, top, seat) {
        return Err(RuleViolation::CounterDoesNotApply(
            "Null Powder stops only a spell aimed at you",
        ));
    }
    Ok(())
}

/// Cards a Brainstone draws and discards (data §2.2).
pub const BRAINSTONE_CARDS: usize = 2;

fn brainstones_held(state: &State) -> Vec<(Seat, CardId)> {
    state
        .wizards
        .iter()
        .flat_map(|w| w.carried.iter().map(move |c| (w.seat, *c)))
        .filter(|(_, c)| state.cards[c.index()] == CardName::Brainstone)
        .collect()
}

/// After a command: a wizard who gained a Brainstone draws 2 the first time
/// (per wizard and card); one who lost it discards 2 of his choice.
pub fn brainstones_moved(tx: &mut Tx, before: &State, rng: &mut GameRng) {
    let old = brainstones_held(before);
    let new = brainstones_held(&tx.state);
    for gained in new.iter().filter(|h| !old.contains(h)) {
        if tx.state.brainstones_woken.contains(gained) {
            continue;
        }
        let (seat, card) = *gained;
        tx.emit(Event::BrainstoneWoken { seat, card });
        super::super::turn::draw_cards(tx, seat, BRAINSTONE_CARDS, rng);
    }
    for (seat, _) in old.iter().filter(|h| !new.contains(h)) {
        let seat = *seat;
        if !tx.state.find_wizard(seat).is_some_and(|w| w.alive) {
            continue;
        }
        let hand = tx.state.wizard(seat).hand.clone();
        if hand.len() > BRAINSTONE_CARDS && tx.state.stack.is_empty() && tx.state.choice.is_none() {
            tx.emit(Event::ChoiceAwaited {
                choice: Choice::Brainstone { seat },
            });
            continue;
        }
        let cards: Vec<_> = hand[hand.len().saturating_sub(BRAINSTONE_CARDS)..]
            .iter()
            .map(|c| tx.state.card_view(*c))
            .collect();
        if !cards.is_empty() {
            tx.emit(Event::CardsDiscarded { seat, cards });
        }
    }
}

/// The Brainstone choice: exactly two cards from the hand.
pub fn brainstone_discard(tx: &mut Tx, seat: Seat, cards: &[CardId]) -> Result<(), RuleViolation> {
    let mut unique = cards.to_vec();
    unique.sort();
    unique.dedup();
    if unique.len() != cards.len() || cards.len() != BRAINSTONE_CARDS {
        return Err(RuleViolation::BadDiscard);
    }
    let hand = &tx.state.wizard(seat).hand;
    if cards.iter().any(|c| !hand.contains(c)) {
        return Err(RuleViolation::CardNotInHand);
    }
    let cards = cards.iter().map(|c| tx.state.card_view(*c)).collect();
    tx.emit(Event::ChoiceMade { seat });
    tx.emit(Event::CardsDiscarded { seat, cards });
    Ok(())
}

/// Homunculus: made in an empty square in sight, as every creation (p.14).
///
/// # Errors
/// `invalid_target`.
pub fn check_homunculus(
    state: &State,
    caster: Seat,
    target: SpellTarget,
) -> Result<(), RuleViolation> {
    super::elemental::check_creation_square(
        state,
        caster,
        target,
        "a Homunculus is made in a square",
    )
}

/// Homunculus: the creature comes to life, if its square is still empty.
pub fn homunculus(tx: &mut Tx, cast: &Casting) {
    use super::super::creatures::{Creature, HOMUNCULUS_LIFE};
    if let Some(square) = tx.state.empty_target_square(cast.target) {
        tx.emit(Event::CreatureCreated {
            seat: cast.seat,
            creature: Creature {
                card: cast.card,
                owner: cast.seat,
                square,
                life: HOMUNCULUS_LIFE,
            },
        });
    }
}

pub const ADD: CardRules = CardRules {
    readies_next_spell: Some(super::rules::NextSpellAid::Energy),
    listed_options: |state, _| {
        let Some(turn) = &state.turn else {
            return vec![];
        };
        state
            .wizard(turn.seat)
            .hand
            .iter()
            .filter(|c| super::super::movement::energy_value(state.cards[c.index()]).is_some())
            .map(|card| Some(super::super::casting::SpellOption::Energy { card: *card }))
            .collect()
    },
    check: |c| check_add(c.state, c.seat, c.energy, c.option),
    resolve: |tx, cast, _, _| add(tx, cast),
    aim: Aim::Caster,
    ..CardRules::BASE
};

/// Fool's Gold: its effect is being in play over the caster's home sector.
pub const FOOLS_GOLD: CardRules = CardRules {
    check: |c| check_fools_gold(c.state, c.seat, c.target),
    in_play: InPlay {
        burns_treasure_lifters: FOOLS_GOLD_DAMAGE,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

pub const HOMUNCULUS: CardRules = CardRules {
    check: |c| check_homunculus(c.state, c.seat, c.target),
    resolve: |tx, cast, _, _| homunculus(tx, cast),
    ..CardRules::BASE
};

pub const STONE_DEAD: CardRules = CardRules {
    resolve: |tx, cast, _, _| stone_dead(tx, cast),
    ..CardRules::BASE
};

/// Null Powder answers a spell aimed at its carrier from the play area.
pub const NULL_POWDER: CardRules = CardRules {
    answer: Some(|a| check_null_powder(a.state, a.seat, a.top)),
    answered: super::stop_answered,
    answers_from_play_area: true,
    // On its carrier's turn it ends any spell in play, and is spent.
    used: Some(UseRules {
        attack: false,
        check: |state, seat, target| {
            state.active_turn(seat)?;
            super::super::durations::check_dispel(state, seat, target)
        },
        spent: true,
        resolve: |tx, cast, _| super::cantrip::dispel(tx, cast),
        ..UseRules::ATTACK
    }),
    ..CardRules::BASE
};

/// Boomstone: thrown, spent, and still falls if the throw is cancelled.
pub const BOOMSTONE: CardRules = CardRules {
    used: Some(UseRules {
        spent: true,
        resolve: |tx, cast, _| throw_boomstone(tx, cast),
        falls_when_cancelled: |_, _| true,
        ..UseRules::ATTACK
    }),
    ..CardRules::BASE
};

/// Universal Solvent: dissolves a wall, door, block or dropped item; spent.
pub const UNIVERSAL_SOLVENT: CardRules = CardRules {
    used: Some(UseRules {
        attack: false,
        check: |state, _, target| check_solvent(state, target),
        spent: true,
        resolve: |tx, cast, _| dissolve(tx, cast),
        ..UseRules::ATTACK
    }),
    ..CardRules::BASE
};

/// Bloodshard: 1 less damage from every source while carried (data §2.2).
pub const BLOODSHARD: CardRules = CardRules {
    in_play: InPlay {
        damage_taken_less: 1,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

/// Brainstone: its carrier's hand limit is 2 higher.
pub const BRAINSTONE: CardRules = CardRules {
    in_play: InPlay {
        hand_limit_bonus: BRAINSTONE_CARDS,
        ..InPlay::NONE
    },
    triggers: Triggers {
        after_command: Some(brainstones_moved),
        choice_answered: Some(|tx, seat, choice, command, _| match (choice, command) {
            (Choice::Brainstone { .. }, Command::Discard { cards }) => {
                Some(brainstone_discard(tx, seat, cards))
            }
            _ => None,
        }),
        ..Triggers::NONE
    },
    ..CardRules::BASE
};

/// Mightstone: its carrier's punches add a die roll (d4) of damage.
pub const MIGHTSTONE: CardRules = CardRules {
    in_play: InPlay {
        punch_bonus: Some(|tx, rng| {
            let value = rng.roll(MIGHTSTONE_DIE);
            tx.emit(Event::DieRolled { value });
            value
        }),
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

/// Mightstone: the die added to a punch (data §2.2).
pub const MIGHTSTONE_DIE: u8 = 4;

/// Powerstone: every card its carrier spends as energy is worth 1 more.
pub const POWERSTONE: CardRules = CardRules {
    in_play: InPlay {
        energy_bonus: 1,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

/// Speedstone: its carrier's speed is 1 higher.
pub const SPEEDSTONE: CardRules = CardRules {
    in_play: InPlay {
        speed_bonus: 1,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

/// Spellstone: its carrier draws one more card per turn.
pub const SPELLSTONE: CardRules = CardRules {
    in_play: InPlay {
        draw_bonus: 1,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

/// Visionstone: its carrier's spells see through one wall or door.
pub const VISIONSTONE: CardRules = CardRules {
    in_play: InPlay {
        sees_through_a_wall: true,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

/// Acid Bath: in its caster's Time Passes it burns its target for 2.
pub const ACID_BATH: CardRules = CardRules {
    in_play: InPlay {
        burns_in_owners_time_passes: ACID_DAMAGE,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

/// Lifestone: its carrier heals 1 in his Time Passes.
pub const LIFESTONE: CardRules = CardRules {
    in_play: InPlay {
        heals_in_time_passes: 1,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};
