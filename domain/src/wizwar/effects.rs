//! Effects in play: the one layer through which the cards in play change
//! the rules. Movement, objects, treasures, fighting, damage and the turn
//! ask this module; they never name a card or a school.
//!
//! # The cards in play, in order
//!
//! [`in_play`] lists them: first the items each wizard carries (wizards in
//! seat order, items in the order he took them), then the spells in play
//! in the order they came into play. Each card says what it changes while
//! it is in play in its [`InPlay`] value (part of its
//! [`CardRules`](super::spells::rules::CardRules), next to its effect in
//! its school's module); the default changes nothing.
//!
//! A card in play acts on one wizard ([`Held::on`]): the carrier of an
//! item, the wizard a spell was cast on (its caster for a spell on
//! himself or played as his counter), or none for a spell on the board, a
//! square or a thing (a form cast on a creature changes the creature, not
//! its caster).
//!
//! # Static modifiers, and the order they are applied in
//!
//! - **Speed** ([`speed`]): the base speed of his form, or his own (p.7),
//!   then every bonus (Speedstone).
//! - **Hand** ([`hand_limit`], [`carried_items_count`]): the edition's
//!   limit plus every bonus (Brainstone); carried items count toward it
//!   unless a card says otherwise (Extra Arms).
//! - **Attacks** ([`attacks_allowed`], [`may_attack`], [`counters_only`]):
//!   one a turn unless a card gives more (Adrenaline); a form may forbid
//!   attacking (Slime) or casting anything but counters (Golem, Werewolf,
//!   Slime).
//! - **Squares** ([`filling_wizard`]): a wizard whose card fills his
//!   square (Big Man Form).
//! - **Picking up** ([`pick_ups_forbidden`], [`held_in_place`],
//!   [`pick_up_cost`], [`picked_up`]): a card may forbid every pick-up
//!   (Gravity), hold its target in place (Glue), set what a pick-up costs
//!   (Golem, Extra Arms), or replace picking it up (Handful of Tacks).
//! - **Fists** ([`fist`], [`blow`], [`punch_reaches_all`], [`punch_burn`]):
//!   the form's fist or the edition's, plus every bonus roll (Mightstone);
//!   then doubled by Strength (a physical blow); a Fire Cloak adds its burn
//!   afterwards (magical fire, not doubled).
//!
//! # Replacement and trigger points, in the order they happen
//!
//! - **Damage about to be dealt to a wizard** ([`damage_taken`]): every
//!   card on him takes off its part (Bloodshard, Golem Form), before
//!   Featherweight may turn the rest into a push
//!   (`spells::damage_wizard`).
//! - **Damage dealt to a wizard** ([`damage_dealt`]): after fire has
//!   destroyed his Magic Stones, each card on him acts in the order above
//!   (a Fire Cloak burns back or is put out, then Pain Link returns it).
//! - **An attack about to reach a wizard** ([`evades`]): each card on him
//!   that gives a roll to evade rolls in turn (Gnome Form, Invisible),
//!   until one succeeds.
//! - **Time Passes** ([`time_passes`]): healing (Lifestone), then lingering
//!   burns of the spells its player owns (Acid Bath), as data.
//! - **A draw** ([`cards_to_draw`], [`cards_drawn`]): the bonus cards
//!   (Spellstone), then damage per card drawn (Slow Death), as data.
//! - **Entering a square**, **a step**, **a pick-up**, **a door** and **a
//!   wall of fire** ([`entered`], [`stepped`], [`after_pick_up`],
//!   [`treasure_lifted`], [`treasure_taken`], [`door_creator`],
//!   [`is_sealed`], [`opens_every_door`], [`fire_wall_burn`] …): asked
//!   here, in the order written in each, of each card's [`Triggers`] (part
//!   of its registered rules), never of a school's module by name.
//! - **A choice answered** ([`choice_answered`]): the card that asked it
//!   resolves it (Brainstone, Featherweight, Ward).
//! - **After every command** ([`after_command`]): what the cards leave
//!   waiting settles, in the registry's order, before a dead wizard's turn
//!   passes on.

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::cards::CardName;
use super::casting::SpellTarget;
use super::choices::Choice;
use super::commands::Command;
use super::labyrinth::{BorderLine, Direction, Square};
use super::objects::{CardId, Creation};
use super::spells;
use super::spells::rules::{rules, triggered};
use super::state::{State, Tx};
use super::violations::RuleViolation;

/// A card in play, as the layer sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Held {
    pub card: CardId,
    pub name: CardName,
    /// The wizard it acts on (the carrier of an item; the wizard a spell
    /// was cast on), if any.
    pub on: Option<Seat>,
    /// Who has it in play: the carrier of an item, the caster of a spell.
    pub owner: Seat,
    /// It is a spell in play (not a carried item).
    pub spell: bool,
}

/// What a card changes while it is in play. The defaults ([`InPlay::NONE`])
/// change nothing.
#[derive(Copy, Clone)]
pub struct InPlay {
    /// The base speed of the wizard it is on (a form, p.7).
    pub base_speed: Option<i16>,
    /// Added to the speed of the wizard it is on (Speedstone).
    pub speed_bonus: i16,
    /// Added to the hand limit of the wizard it is on (Brainstone).
    pub hand_limit_bonus: usize,
    /// The items carried by the wizard it is on no longer count toward his
    /// hand (Extra Arms).
    pub carried_items_free: bool,
    /// The attacks the wizard it is on may make each turn (Adrenaline).
    pub attacks_per_turn: Option<u8>,
    /// The wizard it is on may not attack at all (Slime Form).
    pub forbids_attacks: bool,
    /// The wizard it is on may cast counter spells only (Golem, Werewolf,
    /// Slime Form).
    pub counters_only: bool,
    /// The wizard it is on fills his square (Big Man Form).
    pub fills_square: bool,
    /// Nothing may be picked up anywhere (Gravity).
    pub forbids_pick_ups: bool,
    /// Its target may not be picked up (Glue).
    pub holds_its_target: bool,
    /// What picking up costs the wizard it is on (Golem, Extra Arms).
    pub pick_up_cost: Option<fn(&State, &Held) -> i16>,
    /// The fist of the wizard it is on (a form's punch).
    pub fist: Option<fn(&mut Tx, &mut GameRng) -> u8>,
    /// Damage added to the punches of the wizard it is on, rolled as he
    /// punches (Mightstone).
    pub punch_bonus: Option<fn(&mut Tx, &mut GameRng) -> u8>,
    /// His physical blows are multiplied by this (Strength: 2).
    pub blow_factor: u8,
    /// Magical fire added to his punches (Fire Cloak).
    pub punch_burn: u8,
    /// His punch hits everyone within reach (Extra Arms).
    pub punch_reaches_all: bool,
    /// Taken off every damage about to be dealt to him (Bloodshard, Golem).
    pub damage_taken_less: u8,
    /// A roll to evade an attack reaching him (Gnome Form, Invisible):
    /// whether he evades (the roll is recorded).
    pub evasion: Option<fn(&mut Tx, &mut GameRng) -> bool>,
    /// Picking this item up is replaced by something else (Handful of
    /// Tacks are gathered).
    pub picked_up: Option<PickUpReplacement>,
    /// Cards more the wizard it is on may draw in Discard and Draw
    /// (Spellstone).
    pub draw_bonus: u8,
    /// What each card the wizard it is on spends as energy is worth more
    /// (Powerstone).
    pub energy_bonus: u8,
    /// The attacks of the wizard it is on crack barriers one crack per
    /// point of damage (Shatter).
    pub cracks_every_point: bool,
    /// The wizard it is on is mist: he cannot attack or be attacked, and
    /// drifts under doors (Mist Body).
    pub mists: bool,
    /// Every line of sight reaches the next square only (Fog).
    pub fogs: bool,
    /// No card with this trait may be cast or played (Flood: Fire).
    pub forbids_trait: Option<super::cards::Trait>,
    /// The spells of the wizard it is on see through one wall or door
    /// (Visionstone).
    pub sees_through_a_wall: bool,
    /// Damage has been dealt to the wizard it is on (Pain Link returns it,
    /// a Fire Cloak burns back or is put out).
    pub after_damage: Option<fn(&mut Tx, &Held, &Dealt)>,
    /// Life the wizard it is on heals in his Time Passes (Lifestone).
    pub heals_in_time_passes: u8,
    /// Damage it deals the wizard it is on in its owner's Time Passes
    /// (Acid Bath; lingering, not an attack).
    pub burns_in_owners_time_passes: u8,
    /// The wizard it is on takes 1 magical damage per card he draws (Slow
    /// Death).
    pub hurts_per_card_drawn: bool,
    /// The door it is cast on is sealed (Seal Door).
    pub seals_its_door: bool,
    /// The wizard it is on opens every door (Master Key).
    pub opens_every_door: bool,
    /// The wizard it is on flows under doors (Slime Form; a misted wizard
    /// drifts too).
    pub flows_under_doors: bool,
    /// A pick-up by the wizard it is on, on his turn, pays for every item
    /// in his square (Extra Arms).
    pub takes_armfuls: bool,
    /// Damage it deals another wizard who lifts a treasure lying in the
    /// sector it is cast on (Fool's Gold; not an attack).
    pub burns_treasure_lifters: u8,
}

/// Damage dealt to a wizard, as the cards on him see it afterwards.
#[derive(Copy, Clone, Debug)]
pub struct Dealt {
    /// Who attacked, if an attack dealt it.
    pub attacker: Option<Seat>,
    pub victim: Seat,
    pub amount: u8,
    pub element: Option<super::cards::Trait>,
    /// Where it came from, if anywhere.
    pub from: Option<Square>,
}

impl InPlay {
    /// Changes nothing.
    pub const NONE: InPlay = InPlay {
        base_speed: None,
        speed_bonus: 0,
        hand_limit_bonus: 0,
        carried_items_free: false,
        attacks_per_turn: None,
        forbids_attacks: false,
        counters_only: false,
        fills_square: false,
        forbids_pick_ups: false,
        holds_its_target: false,
        pick_up_cost: None,
        fist: None,
        punch_bonus: None,
        blow_factor: 1,
        punch_burn: 0,
        punch_reaches_all: false,
        damage_taken_less: 0,
        evasion: None,
        picked_up: None,
        draw_bonus: 0,
        energy_bonus: 0,
        cracks_every_point: false,
        mists: false,
        fogs: false,
        forbids_trait: None,
        sees_through_a_wall: false,
        after_damage: None,
        heals_in_time_passes: 0,
        burns_in_owners_time_passes: 0,
        hurts_per_card_drawn: false,
        seals_its_door: false,
        opens_every_door: false,
        flows_under_doors: false,
        takes_armfuls: false,
        burns_treasure_lifters: 0,
    };
}

/// What a card does at the board's trigger points, wherever the card is (in
/// play, lying on the board as a created thing, on top of a deck): part of
/// its [`CardRules`](super::spells::rules::CardRules), next to its effect in
/// its school's module. The defaults ([`Triggers::NONE`]) do nothing.
///
/// The hooks asked of every card ([`Triggers::asked_of_every_card`]) are
/// asked in the registry's order
/// ([`triggered`](super::spells::rules::triggered)); each point has one
/// card today, but for the steps of the two forms that cannot be worn
/// together (Slime, Big Man).
#[derive(Copy, Clone)]
pub struct Triggers {
    /// A wizard has entered a square: what the cards on him do to those
    /// there (Slime Form's ooze, and Disease, which catches the same
    /// victims). Asked before `lies_in_wait`.
    pub carrier_entered: Option<fn(&mut Tx, Seat)>,
    /// A wizard has entered a square: what lies there acts on him (tacks,
    /// Booby Trap tokens, bushes).
    pub lies_in_wait: Option<fn(&mut Tx, Seat)>,
    /// A creature has entered a square: what lies there acts on it.
    pub creature_entered: Option<fn(&mut Tx, CardId, Square)>,
    /// A wizard has taken another player's treasure (Ward's window).
    pub treasure_taken: Option<fn(&mut Tx, Seat, super::treasures::TreasureId)>,
    /// Whether a wizard may step from one square to the next (Big Man
    /// Form shoves whoever stands there, unless he cannot be shoved).
    pub may_step: Option<StepCheck>,
    /// A wizard has stepped (Slime Form oozes under doors, Big Man Form
    /// shoves those ahead).
    pub stepped: Option<Stepped>,
    /// The card acts when it comes to the top of its owner's deck instead
    /// of being drawn (the classic Trap); whether it did.
    pub turned_up: Option<fn(&mut Tx, Seat, &mut GameRng) -> bool>,
    /// A wall it creates falls at its first point of damage (the classic
    /// Illusion Wall).
    pub falls_at_first_point: bool,
    /// A wizard leaves the cloud it raised (Dust Cloud: he gropes his way).
    pub left: Option<fn(&mut Tx, Seat, &mut GameRng)>,
    /// What the walls of fire it raises burn whoever crosses them for.
    pub burns_crossers: u8,
    /// A command has been decided: what the card leaves waiting settles,
    /// given the state before the command (a Brainstone that changed hands
    /// draws or discards, pushes go on, seals on broken doors end).
    pub after_command: Option<AfterCommand>,
    /// A player answers a choice the card asked (Brainstone's discards,
    /// Featherweight's way back, Ward's window); `None` from the hook when
    /// the choice or the answer is not the card's to resolve.
    pub choice_answered: Option<ChoiceAnswered>,
}

/// What settles after a command, given the state before it.
pub type AfterCommand = fn(&mut Tx, &State, &mut GameRng);

/// A card's answer to its own choice: `None` when the pending choice or the
/// command is not the card's.
pub type ChoiceAnswered =
    fn(&mut Tx, Seat, Choice, &Command, &mut GameRng) -> Option<Result<(), RuleViolation>>;

/// A check of a step from a square, in a direction, to a square.
pub type StepCheck = fn(&State, Seat, Square, Direction, Square) -> Result<(), RuleViolation>;

/// A step made from a square, in a direction, to a square, across lines.
pub type Stepped = fn(&mut Tx, Seat, Square, Direction, Square, &[Option<BorderLine>]);

impl Triggers {
    /// Does nothing.
    pub const NONE: Triggers = Triggers {
        carrier_entered: None,
        lies_in_wait: None,
        creature_entered: None,
        treasure_taken: None,
        may_step: None,
        stepped: None,
        turned_up: None,
        falls_at_first_point: false,
        left: None,
        burns_crossers: 0,
        after_command: None,
        choice_answered: None,
    };

    /// Whether it has a hook asked of every card, not only of the card at
    /// hand (the card on top of a deck, a wall's, a cloud's).
    pub fn asked_of_every_card(&self) -> bool {
        self.carrier_entered.is_some()
            || self.lies_in_wait.is_some()
            || self.creature_entered.is_some()
            || self.treasure_taken.is_some()
            || self.may_step.is_some()
            || self.stepped.is_some()
            || self.burns_crossers > 0
            || self.after_command.is_some()
            || self.choice_answered.is_some()
    }
}

/// The cards in play, in the layer's order (see the module doc).
pub fn in_play(state: &State) -> impl Iterator<Item = (Held, &'static InPlay)> + '_ {
    let carried = state.wizards.iter().flat_map(move |w| {
        w.carried.iter().map(move |&card| Held {
            card,
            name: state.cards[card.index()],
            on: Some(w.seat),
            owner: w.seat,
            spell: false,
        })
    });
    let spells = state.spells.iter().map(|s| Held {
        card: s.card,
        name: s.name,
        on: match s.target {
            SpellTarget::Wizard { seat } => Some(seat),
            // On himself, or come into play as his counter (Gnome Form).
            SpellTarget::Caster | SpellTarget::Spell { .. } => Some(s.caster),
            _ => None,
        },
        owner: s.caster,
        spell: true,
    });
    carried
        .chain(spells)
        .map(|held| (held, &rules(held.name).in_play))
}

/// The cards in play acting on `seat`'s wizard, in order.
pub fn on(state: &State, seat: Seat) -> impl Iterator<Item = (Held, &'static InPlay)> + '_ {
    in_play(state).filter(move |(held, _)| held.on == Some(seat))
}

// --- Static modifiers ----------------------------------------------------------

/// `seat`'s speed: his form's base speed or his own, plus every bonus (p.7).
pub fn speed(state: &State, seat: Seat) -> i16 {
    let own = state
        .find_wizard(seat)
        .map_or(state.edition_rules().base_speed, |w| w.base_speed);
    let base = on(state, seat)
        .find_map(|(_, effect)| effect.base_speed)
        .unwrap_or(own);
    base + on(state, seat).map(|(_, e)| e.speed_bonus).sum::<i16>()
}

/// A change of speed mid-turn changes the movement left by the difference
/// (p.7): call with his speed before the change.
pub fn adjust_movement(tx: &mut Tx, seat: Seat, before: i16) {
    let by = speed(&tx.state, seat) - before;
    if by != 0 && tx.state.turn.as_ref().is_some_and(|t| t.seat == seat) {
        tx.emit(super::events::Event::MovementChanged { seat, by });
    }
}

/// `seat`'s hand limit: the edition's (p.11) plus every bonus.
pub fn hand_limit(state: &State, seat: Seat) -> usize {
    state.edition_rules().hand_limit
        + on(state, seat)
            .map(|(_, e)| e.hand_limit_bonus)
            .sum::<usize>()
}

/// Whether the items `seat` carries count toward his hand (p.12).
pub fn carried_items_count(state: &State, seat: Seat) -> bool {
    !on(state, seat).any(|(_, e)| e.carried_items_free)
}

/// Whether `seat` may pick up one more item: his hand has room, or his
/// carried items do not count toward it.
pub fn room_to_carry(state: &State, seat: Seat) -> bool {
    !carried_items_count(state, seat) || state.hand_total(seat) < hand_limit(state, seat)
}

/// The attacks `seat` may make each turn (p.7: one).
pub fn attacks_allowed(state: &State, seat: Seat) -> u8 {
    on(state, seat)
        .filter_map(|(_, e)| e.attacks_per_turn)
        .max()
        .unwrap_or(1)
}

/// Whether `seat`'s form lets him attack at all.
pub fn may_attack(state: &State, seat: Seat) -> bool {
    !on(state, seat).any(|(_, e)| e.forbids_attacks)
}

/// Whether `seat` may cast counter spells only.
pub fn counters_only(state: &State, seat: Seat) -> bool {
    on(state, seat).any(|(_, e)| e.counters_only)
}

/// The living wizard filling `square` by a card on him (Big Man Form).
pub fn filling_wizard(state: &State, square: Square) -> Option<Seat> {
    state
        .wizards
        .iter()
        .find(|w| w.alive && w.square == square && on(state, w.seat).any(|(_, e)| e.fills_square))
        .map(|w| w.seat)
}

/// Whether a card forbids every pick-up.
///
/// # Errors
/// `gravity`.
pub fn pick_ups_forbidden(state: &State) -> Result<(), RuleViolation> {
    if in_play(state).any(|(_, e)| e.forbids_pick_ups) {
        return Err(RuleViolation::Gravity);
    }
    Ok(())
}

/// Whether a card holds `thing` in place.
pub fn held_in_place(state: &State, thing: SpellTarget) -> bool {
    in_play(state).any(|(held, e)| {
        e.holds_its_target
            && state
                .find_spell(held.card)
                .is_some_and(|s| s.target == thing)
    })
}

/// What a pick-up costs `seat` when a card on him says (`None`: the
/// ordinary cost).
pub fn pick_up_cost(state: &State, seat: Seat) -> Option<i16> {
    on(state, seat).find_map(|(held, e)| e.pick_up_cost.map(|cost| cost(state, &held)))
}

/// What happens instead when an item with this rule is picked up.
pub type PickUpReplacement = fn(&mut Tx, Seat, CardId) -> Result<(), RuleViolation>;

/// Picking up `card` is replaced by the card's own rule, if it has one.
pub fn picked_up(state: &State, card: CardId) -> Option<PickUpReplacement> {
    rules(state.cards[card.index()]).in_play.picked_up
}

/// The damage of `seat`'s fist: his form's, or the edition's (p.8); a roll
/// is recorded.
pub fn fist(tx: &mut Tx, seat: Seat, rng: &mut GameRng) -> u8 {
    let form = on(&tx.state, seat).find_map(|(_, e)| e.fist);
    match form {
        Some(fist) => fist(tx, rng),
        None => tx.state.edition_rules().punch_damage,
    }
}

/// Damage added to `seat`'s punch at a wizard, rolled (and recorded)
/// before his fist (Mightstone, one roll per stone).
pub fn punch_bonus(tx: &mut Tx, seat: Seat, rng: &mut GameRng) -> u8 {
    let rolls: Vec<_> = on(&tx.state, seat)
        .filter_map(|(_, e)| e.punch_bonus)
        .collect();
    rolls.into_iter().map(|roll| roll(tx, rng)).sum()
}

/// A physical blow of `seat`'s, as the cards on him make it (Strength
/// doubles it).
pub fn blow(state: &State, seat: Seat, amount: u8) -> u8 {
    on(state, seat).fold(amount, |a, (_, e)| a.saturating_mul(e.blow_factor))
}

/// The magical fire `seat`'s punches burn with (Fire Cloak), if any.
pub fn punch_burn(state: &State, seat: Seat) -> u8 {
    on(state, seat)
        .map(|(_, e)| e.punch_burn)
        .max()
        .unwrap_or(0)
}

/// Whether `seat`'s punch hits everyone within reach (Extra Arms).
pub fn punch_reaches_all(state: &State, seat: Seat) -> bool {
    on(state, seat).any(|(_, e)| e.punch_reaches_all)
}

// --- Replacement and trigger points -------------------------------------------

/// Damage about to be dealt to `seat`, after what the cards on him take off.
pub fn damage_taken(state: &State, seat: Seat, amount: u8) -> u8 {
    on(state, seat).fold(amount, |a, (_, e)| a.saturating_sub(e.damage_taken_less))
}

/// Damage has been dealt to a wizard (after his Magic Stones met fire):
/// each card on him acts, in the layer's order.
pub fn damage_dealt(tx: &mut Tx, dealt: &Dealt) {
    let hooks: Vec<_> = on(&tx.state, dealt.victim)
        .filter_map(|(held, e)| e.after_damage.map(|hook| (held, hook)))
        .collect();
    for (held, hook) in hooks {
        hook(tx, &held, dealt);
    }
}

/// An attack is about to reach `seat`: each card on him that gives a roll
/// to evade rolls, until one succeeds.
pub fn evades(tx: &mut Tx, seat: Seat, rng: &mut GameRng) -> bool {
    let rolls: Vec<_> = on(&tx.state, seat).filter_map(|(_, e)| e.evasion).collect();
    rolls.into_iter().any(|roll| roll(tx, rng))
}

/// `seat`'s wizard has entered a square: what lies or stands there acts on
/// him (a Slime oozes over those there; tacks, bushes and traps bite).
pub fn entered(tx: &mut Tx, seat: Seat) {
    for hook in triggered().filter_map(|t| t.carrier_entered) {
        hook(tx, seat);
    }
    for hook in triggered().filter_map(|t| t.lies_in_wait) {
        hook(tx, seat);
    }
}

/// A creature has entered `square`: what lies there acts on it.
pub fn creature_entered(tx: &mut Tx, card: CardId, square: Square) {
    for hook in triggered().filter_map(|t| t.creature_entered) {
        hook(tx, card, square);
    }
}

/// `seat` has just picked an item up: an armful taken with Extra Arms.
pub fn after_pick_up(tx: &mut Tx, seat: Seat) {
    if on(&tx.state, seat).any(|(_, e)| e.takes_armfuls)
        && tx.state.turn.as_ref().is_some_and(|t| t.seat == seat)
    {
        let square = tx.state.wizard(seat).square;
        tx.emit(super::events::Event::ArmfulTaken { seat, square });
    }
}

/// `seat` has lifted a treasure lying in `square`: an armful taken with
/// Extra Arms, then Fool's Gold bites.
pub fn treasure_lifted(tx: &mut Tx, seat: Seat, square: Square) {
    after_pick_up(tx, seat);
    // Every other wizard's card over that sector burns him (not an attack).
    let slot = tx.state.labyrinth.sector_at(square).map(|s| s.slot);
    let burns: Vec<u8> = in_play(&tx.state)
        .filter(|(held, e)| e.burns_treasure_lifters > 0 && held.owner != seat)
        .filter(|(held, _)| {
            tx.state.find_spell(held.card).is_some_and(
                |s| matches!(s.target, SpellTarget::Sector { slot: t } if Some(t) == slot),
            )
        })
        .map(|(_, e)| e.burns_treasure_lifters)
        .collect();
    for &amount in &burns {
        spells::damage_wizard(tx, None, seat, amount, None, None);
    }
    if !burns.is_empty() {
        super::winning::check(tx);
    }
}

/// `seat` has taken `treasure` (after what lifting it cost him): a Ward on
/// it opens its window.
pub fn treasure_taken(tx: &mut Tx, seat: Seat, treasure: super::treasures::TreasureId) {
    for hook in triggered().filter_map(|t| t.treasure_taken) {
        hook(tx, seat, treasure);
    }
}

/// Time Passes for `seat` (p.6), before energy tokens come off: what the
/// cards on him heal (Lifestones, all in one), then the cards he owns burn
/// whom they are on (Acid Baths, in the layer's order; not attacks).
pub fn time_passes(tx: &mut Tx, seat: Seat) {
    let heal: u8 = on(&tx.state, seat)
        .map(|(_, e)| e.heals_in_time_passes)
        .sum();
    let wizard = tx.state.wizard(seat);
    if heal > 0 && wizard.alive && wizard.life < tx.state.edition_rules().max_life {
        let life = super::fighting::healed(&tx.state, wizard.life, heal);
        tx.emit(super::events::Event::WizardHealed {
            seat,
            amount: heal,
            life,
        });
    }
    let burns: Vec<(Seat, u8)> = in_play(&tx.state)
        .filter(|(held, e)| held.owner == seat && held.spell && e.burns_in_owners_time_passes > 0)
        .filter_map(|(held, e)| {
            held.on
                .map(|victim| (victim, e.burns_in_owners_time_passes))
        })
        .collect();
    for (victim, amount) in burns {
        spells::damage_wizard(tx, None, victim, amount, None, None);
    }
}

/// `seat` has just drawn `drawn` cards: a card on him that hurts per card
/// drawn deals that much magical damage, once (Slow Death).
pub fn cards_drawn(tx: &mut Tx, seat: Seat, drawn: usize) {
    let cursed = on(&tx.state, seat).any(|(_, e)| e.hurts_per_card_drawn);
    if cursed && drawn > 0 && tx.state.wizard(seat).alive {
        let amount = u8::try_from(drawn).unwrap_or(u8::MAX);
        spells::damage_wizard(tx, None, seat, amount, None, None);
    }
}

/// A card that acts when drawn lies on top of `seat`'s deck (the classic
/// Trap): it acts now, instead of being drawn. Returns whether it did.
pub fn trap_turned_up(tx: &mut Tx, seat: Seat, rng: &mut GameRng) -> bool {
    let Some(&top) = tx.state.deck_of(seat).first() else {
        return false;
    };
    match rules(tx.state.cards[top.index()]).triggers.turned_up {
        Some(turned_up) => turned_up(tx, seat, rng),
        None => false,
    }
}

/// How many of `deck`'s top cards may be drawn at once: those above the
/// first card that acts when drawn.
pub fn cards_before_a_trap(state: &State, deck: &[CardId]) -> usize {
    deck.iter()
        .position(|c| rules(state.cards[c.index()]).triggers.turned_up.is_some())
        .unwrap_or(deck.len())
}

/// Whether the wall on `line` falls at its first point of damage (the
/// classic Illusion Wall).
pub fn falls_at_first_point(state: &State, line: BorderLine) -> bool {
    state.creations.iter().any(|c| {
        matches!(c, Creation::StoneWall { card, line: l }
            if *l == line && rules(state.cards[card.index()]).triggers.falls_at_first_point)
    })
}

/// The cards `seat` may draw at most in Discard and Draw: the edition's
/// and every bonus (Spellstone).
pub fn cards_to_draw(state: &State, seat: Seat) -> u8 {
    state.edition_rules().max_draw + on(state, seat).map(|(_, e)| e.draw_bonus).sum::<u8>()
}

/// What a card spent as energy by `seat` is worth more (Powerstone).
pub fn energy_bonus(state: &State, seat: Seat) -> u8 {
    on(state, seat).map(|(_, e)| e.energy_bonus).sum()
}

/// The wizard who created the door on `line` (Create Door), if any: it is
/// unlocked for him.
pub fn door_creator(state: &State, line: BorderLine) -> Option<Seat> {
    state.creations.iter().find_map(|c| match c {
        Creation::Door { card, line: l, .. } if *l == line => {
            state.find_spell(*card).map(|s| s.caster)
        }
        _ => None,
    })
}

/// Whether the door on `line` is sealed (Seal Door).
pub fn is_sealed(state: &State, line: BorderLine) -> bool {
    in_play(state).any(|(held, e)| {
        e.seals_its_door
            && state
                .find_spell(held.card)
                .is_some_and(|s| s.target == SpellTarget::Line { line })
    })
}

/// Whether `seat` carries a key that opens every door (Master Key).
pub fn opens_every_door(state: &State, seat: Seat) -> bool {
    on(state, seat).any(|(_, e)| e.opens_every_door)
}

/// Whether `seat`'s wizard drifts under doors (Mist Body, Slime Form).
pub fn drifts(state: &State, seat: Seat) -> bool {
    state.is_misted(seat) || on(state, seat).any(|(_, e)| e.flows_under_doors)
}

/// A wizard leaving a cloud: the card that raised it says what happens
/// (he gropes his way out of a Dust Cloud).
pub fn leaving_dust(tx: &mut Tx, seat: Seat, rng: &mut GameRng) {
    let here = tx.state.wizard(seat).square;
    let left = tx.state.creations.iter().find_map(|c| match c {
        Creation::DustCloud { card, square } if *square == here => {
            rules(tx.state.cards[card.index()]).triggers.left
        }
        _ => None,
    });
    if let Some(left) = left {
        left(tx, seat, rng);
    }
}

/// Whether a wizard who fills squares may step from `from` to `to`,
/// shoving whoever stands there (Big Man Form).
///
/// # Errors
/// `blocked`.
pub fn may_shove(
    state: &State,
    seat: Seat,
    from: Square,
    direction: Direction,
    to: Square,
) -> Result<(), RuleViolation> {
    for check in triggered().filter_map(|t| t.may_step) {
        check(state, seat, from, direction, to)?;
    }
    Ok(())
}

/// `seat`'s wizard has stepped from `from` to `to` across `lines`: a
/// slime oozes under the doors, a big man shoves those ahead.
pub fn stepped(
    tx: &mut Tx,
    seat: Seat,
    from: Square,
    direction: Direction,
    to: Square,
    lines: &[Option<BorderLine>],
) {
    for hook in triggered().filter_map(|t| t.stepped) {
        hook(tx, seat, from, direction, to, lines);
    }
}

/// What a wall of fire burns whoever crosses it for: what the card that
/// raises walls of fire says (a wall of fire is one kind of created thing,
/// whichever card stands for it in the record).
pub fn fire_wall_burn() -> u8 {
    triggered().map(|t| t.burns_crossers).max().unwrap_or(0)
}

/// A command has been decided: what the cards leave waiting settles, each
/// card's hook in the registry's order, which is the order the engine has
/// always kept: Brainstone's draws or discards, then Featherweight's
/// pushes, then Seal Door's broken seals. Records hold their events in that
/// order and a Brainstone's choice holds the pushes back, so it must not
/// change (a test holds it).
pub fn after_command(tx: &mut Tx, before: &State, rng: &mut GameRng) {
    for hook in triggered().filter_map(|t| t.after_command) {
        hook(tx, before, rng);
    }
}

/// `seat` answers the pending `choice` with `command`: the card that asked
/// resolves it, if it is one of its own; `None` leaves it to the rules of
/// choices.
pub fn choice_answered(
    tx: &mut Tx,
    seat: Seat,
    choice: Choice,
    command: &Command,
    rng: &mut GameRng,
) -> Option<Result<(), RuleViolation>> {
    triggered()
        .filter_map(|t| t.choice_answered)
        .find_map(|answered| answered(tx, seat, choice, command, rng))
}

/// Whether `seat`'s wizard is mist (Mist Body).
pub fn misted(state: &State, seat: Seat) -> bool {
    on(state, seat).any(|(_, e)| e.mists)
}

/// Whether every line of sight reaches the next square only (Fog).
pub fn fogged(state: &State) -> bool {
    in_play(state).any(|(_, e)| e.fogs)
}

/// Whether a card in play forbids casting or playing `name` (Flood
/// forbids Fire).
///
/// # Errors
/// `flooded`.
pub fn may_cast(state: &State, name: CardName) -> Result<(), RuleViolation> {
    let traits = super::cards::definition(name).traits;
    let forbidden = in_play(state)
        .filter_map(|(_, e)| e.forbids_trait)
        .any(|t| traits.contains(&t));
    if forbidden {
        return Err(RuleViolation::Flooded);
    }
    Ok(())
}

/// Whether `seat`'s spells see through one wall or door (Visionstone).
pub fn sees_through_a_wall(state: &State, seat: Seat) -> bool {
    on(state, seat).any(|(_, e)| e.sees_through_a_wall)
}

/// Whether `seat`'s attacks crack barriers one crack per point (Shatter).
pub fn cracks_every_point(state: &State, seat: Seat) -> bool {
    on(state, seat).any(|(_, e)| e.cracks_every_point)
}
