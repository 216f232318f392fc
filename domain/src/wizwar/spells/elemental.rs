//! Elemental: Fireball, Lightning Bolt, Waterbolt, Flood, Fog, Wall of Fire,
//! Mist Body, Stone Block, Stone Spikes, Windrider, Fire Cloak, and the Wall
//! of Earth the Elemental deck holds (Create Wall and Destroy Wall are in
//! [`super::cantrip`]).

use crate::ruleset::Seat;

use super::super::cards::{self, CardName, Trait};
use super::super::cards::{CardDef, Range};
use super::super::casting::{CastKind, Casting, SpellOption, SpellTarget};
use super::super::durations;
use super::super::effects::{Dealt, Held, InPlay, Triggers};
use super::super::events::Event;
use super::super::labyrinth::{Barrier, BorderLine, Direction, Square};
use super::super::line_of_sight::SightTarget;
use super::super::movement;
use super::super::objects::Creation;
use super::super::state::{State, Tx};
use super::super::violations::RuleViolation;
use super::rules::{Aim, CardRules, UseRules, no_choices, once_on_the_labyrinth};
use super::{check_damage_target, damage_wizard, hit_target, threatens};

/// Fireball: 5 magical fire damage (data §2.4).
pub const FIREBALL_DAMAGE: u8 = 5;
/// Lightning Bolt: 3 magical damage to everyone it passes (data §2.4).
pub const BOLT_DAMAGE: u8 = 3;
/// Lightning Bolt: each wizard it damages is stunned for a turn, once per bolt.
pub const BOLT_STUN: u8 = 1;
/// Crossing a Wall of Fire: 4 magical fire damage, not an attack (data §2.4).
pub const WALL_OF_FIRE_DAMAGE: u8 = 4;
/// Fire Cloak: punches burn for 2 more; it burns whoever hurts its wearer for 2.
pub const FIRE_CLOAK_BURN: u8 = 2;
/// Stone Spikes: 3 physical damage per spike (data §2.4).
pub const SPIKE_DAMAGE: u8 = 3;

pub fn fireball(tx: &mut Tx, cast: &Casting) {
    hit_target(tx, cast, FIREBALL_DAMAGE, Some(Trait::Fire));
}

pub fn fling_spike(tx: &mut Tx, cast: &Casting) {
    hit_target(tx, cast, SPIKE_DAMAGE, None);
}

/// Whether a bolt or a rider is stopped going from `from` towards
/// `direction`: walls, closed doors, the edge, Walls of Earth raised against
/// it, and squares filled by a Stone Block.
fn blocked_step(
    state: &State,
    from: Square,
    direction: Direction,
    earth: &[BorderLine],
) -> Option<super::super::labyrinth::Step> {
    let step = state.labyrinth.step(from, direction)?;
    let walled = step.lines.iter().flatten().any(|line| {
        earth.contains(line)
            || match state.labyrinth.barrier(*line) {
                None => false,
                Some(Barrier::Door { .. }) => !state.door_is_open(*line),
                Some(_) => true,
            }
    });
    if walled || state.block_in(step.to) {
        None
    } else {
        Some(step)
    }
}

/// The squares a Lightning Bolt enters, in order, one per point of energy:
/// straight on (turning with a portal), and when something blocks it, it
/// turns back and enters its own square again (data §2.4).
pub fn bolt_path(state: &State, cast: &Casting, direction: Direction) -> Vec<Square> {
    let mut here = cast.origin;
    let mut heading = direction;
    let mut path = vec![];
    for _ in 0..cast.energy {
        match blocked_step(state, here, heading, &cast.earth_walls) {
            Some(step) => {
                here = step.to;
                heading = step.heading;
            }
            None => heading = heading.opposite(),
        }
        path.push(here);
    }
    path
}

/// Lightning Bolt: every wizard in each square the bolt enters takes 3
/// magical damage; a square entered twice hurts twice. The card stuns "a
/// wizard damaged" by it: we read that as one stun per bolt, however many
/// times it passes him, so a rebounding bolt stuns its victim for one turn
/// only (the first time it damages him). The bolt never hurts its caster,
/// nor a wizard in mist. Creatures in its way are hurt too, the caster's
/// own as well (it strikes squares).
pub fn lightning_bolt(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Direction { direction } = cast.target else {
        return;
    };
    let path = bolt_path(&tx.state, cast, direction);
    let from = cast.origin;
    let mut stunned: Vec<Seat> = vec![];
    for square in path {
        let victims: Vec<Seat> = tx
            .state
            .wizards
            .iter()
            .filter(|w| {
                w.alive
                    && w.square == square
                    && w.seat != cast.seat
                    && !cast.shielded.contains(&w.seat)
                    && !tx.state.is_misted(w.seat)
            })
            .map(|w| w.seat)
            .collect();
        for seat in victims {
            let dealt = damage_wizard(tx, Some(cast.seat), seat, BOLT_DAMAGE, None, Some(from));
            if dealt > 0 && tx.state.wizard(seat).alive && !stunned.contains(&seat) {
                stunned.push(seat);
                tx.emit(Event::WizardStunned {
                    seat,
                    tokens: BOLT_STUN,
                });
            }
        }
        super::super::creatures::hurt_in(tx, &[square], BOLT_DAMAGE);
    }
}

pub fn check_waterbolt(
    state: &State,
    seat: Seat,
    energy: u8,
    target: SpellTarget,
    option: Option<SpellOption>,
) -> Result<(), RuleViolation> {
    check_damage_target(state, target, Some(Trait::Water))?;
    let Some(option) = option else {
        return Ok(());
    };
    let SpellOption::Split { damage, direction } = option else {
        return Err(RuleViolation::BadOption("Waterbolt splits its energy"));
    };
    if damage > energy {
        return Err(RuleViolation::BadOption("the damage is part of the energy"));
    }
    if damage < energy {
        let SpellTarget::Wizard { seat: victim } = target else {
            return Err(RuleViolation::BadOption("only a wizard is knocked back"));
        };
        let from = super::super::casting::cast_origin(state, seat);
        let to = state.wizard(victim).square;
        if from != to {
            let (dr, dc) = direction.delta();
            let away = dr * (i32::from(to.row) - i32::from(from.row)) > 0
                || dc * (i32::from(to.col) - i32::from(from.col)) > 0;
            if !away {
                return Err(RuleViolation::BadOption(
                    "the knock-back goes away from the caster",
                ));
            }
        }
    }
    Ok(())
}

/// Waterbolt: water damage and knock-back in the share the caster chose
/// (all damage if he chose nothing); it puts out Fire it strikes.
pub fn waterbolt(tx: &mut Tx, cast: &Casting) {
    let (damage, push) = match cast.option {
        Some(SpellOption::Split { damage, direction }) => {
            (damage, Some((direction, cast.energy - damage)))
        }
        _ => (cast.energy, None),
    };
    hit_target(tx, cast, damage, Some(Trait::Water));
    if let SpellTarget::Wizard { seat } = cast.target
        && !cast.shielded.contains(&seat)
    {
        super::alchemy::rinse(tx, seat);
    }
    if let (SpellTarget::Wizard { seat }, Some((direction, squares))) = (cast.target, push)
        && !cast.shielded.contains(&seat)
    {
        for _ in 0..squares {
            if !tx.state.wizard(seat).alive || !push_one(tx, seat, direction) {
                break;
            }
        }
    }
}

/// Moves a wizard one square without movement points (knock-back, wind),
/// unless something stops him. Returns whether he moved.
fn push_one(tx: &mut Tx, seat: Seat, direction: Direction) -> bool {
    let from = tx.state.wizard(seat).square;
    let Some(step) = blocked_step(&tx.state, from, direction, &[]) else {
        return false;
    };
    // Nobody is knocked into a big man's square: he fills it.
    if super::super::effects::filling_wizard(&tx.state, step.to).is_some_and(|big| big != seat) {
        return false;
    }
    tx.emit(Event::WizardMoved {
        seat,
        from,
        to: step.to,
        direction,
        step: step.kind,
        cost: 0,
    });
    movement::close_doors_left_behind(tx, seat);
    movement::burn_crossing(tx, seat, &step.lines);
    super::super::movement::entered(tx, seat);
    true
}

/// Fire and Water cancel: Wall of Fire answers a Water spell its caster sees.
pub fn check_fire_against_water(
    state: &State,
    seat: Seat,
    top: &Casting,
) -> Result<(), RuleViolation> {
    let water = cards::definition(state.cast_name(top))
        .traits
        .contains(&Trait::Water);
    if top.kind != CastKind::Spell || !water {
        return Err(RuleViolation::CounterDoesNotApply(
            "Wall of Fire answers only a Water spell",
        ));
    }
    if !state.sees_cast(seat, top.origin, state.cast_name(top), top.target) {
        return Err(RuleViolation::NotInSight);
    }
    Ok(())
}

/// Flood may answer an attack on its caster.
pub fn check_flood_counter(state: &State, seat: Seat, top: &Casting) -> Result<(), RuleViolation> {
    if !top.attack || top.kind == CastKind::Counter || !threatens(state, top, seat) {
        return Err(RuleViolation::CounterDoesNotApply(
            "Flood answers only an attack on you",
        ));
    }
    if state.spell_in_play(CardName::Flood) {
        return Err(RuleViolation::InvalidTarget(
            "the labyrinth is already flooded",
        ));
    }
    Ok(())
}

/// Flood: every Fire spell in play ends, every Fire item, carried or
/// dropped, is destroyed, and every Acid Bath is rinsed off.
pub fn flood(tx: &mut Tx) {
    let fire = |tx: &Tx, card: super::super::objects::CardId| {
        cards::definition(tx.state.cards[card.index()])
            .traits
            .contains(&Trait::Fire)
    };
    let spells: Vec<_> = tx
        .state
        .spells
        .iter()
        .filter(|s| s.name == CardName::AcidBath || fire(tx, s.card))
        .map(|s| s.card)
        .collect();
    for card in spells {
        durations::end_spell_in_play(tx, card);
    }
    super::conjuring::wash_away_tacks(tx);
    let carried: Vec<(Seat, _)> = tx
        .state
        .wizards
        .iter()
        .flat_map(|w| w.carried.iter().map(move |c| (w.seat, *c)))
        .filter(|(_, c)| fire(tx, *c))
        .collect();
    for (seat, card) in carried {
        let card = tx.state.card_view(card);
        tx.emit(Event::ItemDestroyed {
            seat: Some(seat),
            card,
        });
    }
    let dropped: Vec<_> = tx
        .state
        .objects
        .iter()
        .map(|o| o.card)
        .filter(|c| fire(tx, *c))
        .collect();
    for card in dropped {
        let card = tx.state.card_view(card);
        tx.emit(Event::ItemDestroyed { seat: None, card });
    }
}

pub fn check_wall_of_fire(state: &State, target: SpellTarget) -> Result<(), RuleViolation> {
    super::cantrip::check_create_wall(state, target)
}

pub fn wall_of_fire(tx: &mut Tx, cast: &Casting) {
    if let SpellTarget::Line { line } = cast.target {
        tx.emit(Event::ObjectCreated {
            seat: cast.seat,
            creation: Creation::WallOfFire {
                card: cast.card,
                line,
            },
        });
    }
}

pub fn check_stone_block(
    state: &State,
    caster: Seat,
    target: SpellTarget,
) -> Result<(), RuleViolation> {
    check_creation_square(state, caster, target, "Stone Block fills a square")
}

/// Creations are never made in a home base square or an occupied one (p.14).
/// `needs` says what the card needs when the target is no square.
///
/// # Errors
/// `invalid_target`.
pub fn check_creation_square(
    state: &State,
    caster: Seat,
    target: SpellTarget,
    needs: &'static str,
) -> Result<(), RuleViolation> {
    let SpellTarget::Square { square } = target else {
        return Err(RuleViolation::InvalidTarget(needs));
    };
    let own_base_allowed = state.edition_rules().creations_on_ones_own_base;
    if let Some(owner) = state.labyrinth.home_base_owner(square) {
        if own_base_allowed && owner == caster {
            // Classic: only the opponents' bases are refused.
        } else if own_base_allowed {
            return Err(RuleViolation::InvalidTarget(
                "nothing can be created in an opponent's home base square",
            ));
        } else {
            return Err(RuleViolation::InvalidTarget(
                "nothing can be created in a home base square",
            ));
        }
    }
    if !state.is_empty_square(square) {
        return Err(RuleViolation::InvalidTarget("the square is not empty"));
    }
    Ok(())
}

pub fn stone_block(tx: &mut Tx, cast: &Casting) {
    if let Some(square) = tx.state.empty_target_square(cast.target) {
        tx.emit(Event::ObjectCreated {
            seat: cast.seat,
            creation: Creation::StoneBlock {
                card: cast.card,
                square,
                cracks: 0,
            },
        });
    }
}

pub fn check_windrider(
    state: &State,
    seat: Seat,
    energy: u8,
    option: Option<SpellOption>,
) -> Result<(), RuleViolation> {
    let turn = state.move_and_cast(seat)?;
    super::super::movement::may_leave_square(state, turn)?;
    match option {
        None => Ok(()),
        Some(SpellOption::Squares { count }) if (1..=energy).contains(&count) => Ok(()),
        Some(_) => Err(RuleViolation::BadOption(
            "ride between 1 and the energy's squares",
        )),
    }
}

/// Windrider: straight on up to the chosen squares (all the energy by
/// default), halted before walls, closed doors, objects and wizards.
pub fn windrider(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Direction { direction } = cast.target else {
        return;
    };
    let squares = match cast.option {
        Some(SpellOption::Squares { count }) => count,
        _ => cast.energy,
    };
    for _ in 0..squares {
        let here = tx.state.wizard(cast.seat).square;
        let Some(step) = blocked_step(&tx.state, here, direction, &[]) else {
            break;
        };
        let occupied = tx.state.objects.iter().any(|o| o.square == step.to)
            || tx
                .state
                .wizards
                .iter()
                .any(|w| w.alive && w.square == step.to);
        if occupied || !tx.state.wizard(cast.seat).alive || !push_one(tx, cast.seat, direction) {
            break;
        }
    }
}

/// Wall of Earth answers an attack that needs line of sight: the wall must
/// rise on an open line the answering wizard sees, between the attacker and
/// the target (or across a bolt's path).
pub fn check_wall_of_earth(
    state: &State,
    seat: Seat,
    top: &Casting,
    line: Option<BorderLine>,
) -> Result<(), RuleViolation> {
    let Some(line) = line else {
        return Err(RuleViolation::BadOption(
            "name the border line the wall rises on",
        ));
    };
    if !top.attack || top.kind == CastKind::Counter {
        return Err(RuleViolation::CounterDoesNotApply(
            "Wall of Earth stops only an attack",
        ));
    }
    if state.labyrinth.squares_beside_line(line).is_empty()
        || state.labyrinth.barrier(line).is_some()
    {
        return Err(RuleViolation::InvalidTarget(
            "the wall needs an open border line",
        ));
    }
    let here = state.wizard(seat).square;
    if !state.reaches(here, SightTarget::Line(line), false) {
        return Err(RuleViolation::NotInSight);
    }
    let stops = match top.target {
        SpellTarget::Direction { direction } if state.cast_name(top) == CardName::LightningBolt => {
            let before = bolt_path(state, top, direction);
            let mut walled = top.clone();
            walled.earth_walls.push(line);
            bolt_path(state, &walled, direction) != before
        }
        target => match state.target_place(target) {
            Some(place) => {
                let mut walled = state.clone();
                walled
                    .labyrinth
                    .barriers
                    .insert(line, Barrier::StoneWall { cracks: 0 });
                !walled.reaches(top.origin, place, top.bent)
            }
            None => false,
        },
    };
    if !stops {
        return Err(RuleViolation::CounterDoesNotApply(
            "a wall there would not stand in the attack's way",
        ));
    }
    Ok(())
}

pub const FIREBALL: CardRules = CardRules {
    check: |c| check_damage_target(c.state, c.target, None),
    resolve: |tx, cast, _, _| fireball(tx, cast),
    ..CardRules::BASE
};

/// A bolt cast at anything but a direction would do nothing.
pub const LIGHTNING_BOLT: CardRules = CardRules {
    struck_squares: |state, cast| match cast.target {
        SpellTarget::Direction { direction } => bolt_path(state, cast, direction),
        _ => vec![],
    },
    check: |c| {
        in_a_direction(c.target)?;
        no_choices(c)
    },
    resolve: |tx, cast, _, _| lightning_bolt(tx, cast),
    aim: Aim::Direction,
    ..CardRules::BASE
};

pub const WATERBOLT: CardRules = CardRules {
    listed_options: |_, target| match target {
        SpellTarget::Wizard { .. } => std::iter::once(None)
            .chain(Direction::ALL.into_iter().map(|direction| {
                Some(SpellOption::Split {
                    damage: 0,
                    direction,
                })
            }))
            .collect(),
        _ => vec![None],
    },
    check: |c| check_waterbolt(c.state, c.seat, c.energy, c.target, c.option),
    resolve: |tx, cast, _, _| waterbolt(tx, cast),
    ..CardRules::BASE
};

/// Flood as a counter comes into play before the attack on its caster
/// resolves, and puts it out if it is Fire.
pub const FLOOD: CardRules = CardRules {
    check: once_on_the_labyrinth,
    resolve: |tx, _, _, _| flood(tx),
    answer: Some(|a| check_flood_counter(a.state, a.seat, a.top)),
    answered: |tx, counter, below| {
        if cards::definition(tx.state.cast_name(below))
            .traits
            .contains(&Trait::Fire)
        {
            super::stop_answered(tx, counter, below);
        }
    },
    answers_in_play: true,
    after_answer: |tx, _, _| flood(tx),
    in_play: InPlay {
        forbids_trait: Some(Trait::Fire),
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

/// Fog: its effect is being in play.
pub const FOG: CardRules = CardRules {
    check: once_on_the_labyrinth,
    in_play: InPlay {
        fogs: true,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

/// Mist Body: its effect is being in play.
pub const MIST_BODY: CardRules = CardRules {
    check: |c| {
        if c.state.is_misted(c.seat) {
            return Err(RuleViolation::InvalidTarget("your wizard is already mist"));
        }
        no_choices(c)
    },
    in_play: InPlay {
        mists: true,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

pub const STONE_BLOCK: CardRules = CardRules {
    check: |c| check_stone_block(c.state, c.seat, c.target),
    resolve: |tx, cast, _, _| stone_block(tx, cast),
    ..CardRules::BASE
};

pub const WALL_OF_FIRE: CardRules = CardRules {
    triggers: Triggers {
        burns_crossers: WALL_OF_FIRE_DAMAGE,
        ..Triggers::NONE
    },
    counts_as_a_creation: true,
    check: |c| check_wall_of_fire(c.state, c.target),
    resolve: |tx, cast, _, _| wall_of_fire(tx, cast),
    answer: Some(|a| check_fire_against_water(a.state, a.seat, a.top)),
    answered: super::stop_answered,
    ..CardRules::BASE
};

/// A ride in no direction would go nowhere.
pub const WINDRIDER: CardRules = CardRules {
    listed_options: |_, _| vec![None, Some(SpellOption::Squares { count: 1 })],
    check: |c| {
        in_a_direction(c.target)?;
        check_windrider(c.state, c.seat, c.energy, c.option)
    },
    resolve: |tx, cast, _, _| windrider(tx, cast),
    aim: Aim::Direction,
    ..CardRules::BASE
};

/// Lightning Bolt and Windrider are cast in a direction.
///
/// # Errors
/// `invalid_target`.
fn in_a_direction(target: SpellTarget) -> Result<(), RuleViolation> {
    match target {
        SpellTarget::Direction { .. } => Ok(()),
        _ => Err(RuleViolation::InvalidTarget(
            "this card is cast in a direction",
        )),
    }
}

/// Wall of Earth cancels an attack it stands in the way of, and turns a
/// Lightning Bolt back.
pub const WALL_OF_EARTH: CardRules = CardRules {
    // Lines around the attacker, his target and a bolt's path, each once.
    listed_answers: |state, _, top| {
        let mut squares = vec![top.origin];
        if let Some(SightTarget::Square(square)) = state.target_place(top.target) {
            squares.push(square);
        }
        if let SpellTarget::Direction { .. } = top.target {
            squares.extend((super::rules::rules(state.cast_name(top)).struck_squares)(
                state, top,
            ));
        }
        let mut lines: Vec<BorderLine> = vec![];
        for square in squares {
            for direction in Direction::ALL {
                let line = BorderLine::of(square, direction);
                if !lines.contains(&line) {
                    lines.push(line);
                }
            }
        }
        lines.into_iter().map(|line| (Some(line), None)).collect()
    },
    answer: Some(|a| check_wall_of_earth(a.state, a.seat, a.top, a.line)),
    answer_names: super::rules::AnswerNames::Line,
    // Some line will do whenever the cast is an attack.
    could_answer: Some(|_, _, top| top.attack && top.kind != CastKind::Counter),
    answered: |tx, counter, below| {
        let Some(line) = counter.line else {
            return;
        };
        if tx.state.cast_name(below) == CardName::LightningBolt {
            let against = tx.state.card_view(below.card);
            tx.emit(Event::WallOfEarthRaised {
                seat: counter.seat,
                line,
                against,
            });
        } else {
            super::stop_answered(tx, counter, below);
        }
    },
    ..CardRules::BASE
};

/// Stone Spikes: while maintained, a spike is flung at a thing in sight.
pub const STONE_SPIKES: CardRules = CardRules {
    used: Some(UseRules {
        facts: |def| CardDef {
            range: Some(Range::LineOfSight),
            targets: &[
                cards::Target::Object,
                cards::Target::Wizard,
                cards::Target::Creature,
            ],
            ..def
        },
        resolve: |tx, cast, _| fling_spike(tx, cast),
        ..UseRules::ATTACK
    }),
    ..CardRules::BASE
};

/// Fire Cloak, after damage to its living carrier: water destroys it;
/// otherwise an attacker next to him is burnt back for 2 magical fire,
/// once however many cloaks he wears (not an attack: no victory point).
fn fire_cloak_after_damage(tx: &mut Tx, held: &Held, dealt: &Dealt) {
    let wizard = tx.state.wizard(dealt.victim).clone();
    if !wizard.alive || !wizard.carried.contains(&held.card) {
        return;
    }
    if dealt.element == Some(Trait::Water) {
        let card = tx.state.card_view(held.card);
        tx.emit(Event::ItemDestroyed {
            seat: Some(dealt.victim),
            card,
        });
        return;
    }
    let first_cloak = wizard
        .carried
        .iter()
        .find(|c| tx.state.cards[c.index()] == CardName::FireCloak);
    if first_cloak != Some(&held.card) {
        return;
    }
    if let (Some(attacker), Some(from)) = (dealt.attacker, dealt.from)
        && attacker != dealt.victim
        && tx.state.wizard(attacker).alive
        && tx.state.with_sight(|s| s.adjacent(from, wizard.square))
    {
        damage_wizard(tx, None, attacker, FIRE_CLOAK_BURN, Some(Trait::Fire), None);
    }
}

/// Fire Cloak: its carrier's punches burn for 2 more (magical fire).
pub const FIRE_CLOAK: CardRules = CardRules {
    in_play: InPlay {
        punch_burn: FIRE_CLOAK_BURN,
        after_damage: Some(fire_cloak_after_damage),
        ..InPlay::NONE
    },
    ..CardRules::BASE
};
