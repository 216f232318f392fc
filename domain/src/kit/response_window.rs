//! Response windows and yield policies (DESIGN.md, "Asynchronous play"),
//! for every ruleset whose casts other players may answer.
//!
//! A cast opens a window for the players who may answer it, whether or not
//! they hold an answer, so a window tells nothing about a hand. By mail,
//! asking each of them about every spell would cost a day a spell: each
//! player's [`YieldPolicy`] says which windows stop at him, and the server
//! passes the others for him at once, recording that it did (a "yielded"
//! event, distinct from his own pass; both close the window for him alike).
//!
//! The ruleset says what a window is about ([`ResponseWindows`]): who it
//! waits for, whether the cast concerns a player by public facts, whether he
//! holds an answer that could apply. The kit holds the rest: the policies,
//! which of them looks at the hand, when the server passes, what a change of
//! policy does to a window waiting for that player, and how clients are told
//! the policies (an option and a reference list).

use serde::{Deserialize, Serialize};

use super::Emitter;
use crate::ruleset::{Ruleset, Seat};

/// Which response windows stop at a player.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum YieldPolicy {
    /// Ask at every window.
    Always,
    /// Ask only when the cast concerns me: aimed at me or my things, or
    /// striking them (each ruleset's rules say which casts do). Reads only
    /// what everyone sees: reveals nothing.
    #[default]
    WhenTargeted,
    /// Ask only when I hold an answer that could apply to the cast.
    /// Revealing: an automatic pass tells the others I hold none.
    WhenICanCounter,
    /// Pass every window.
    Never,
}

impl YieldPolicy {
    pub const ALL: [YieldPolicy; 4] = [
        YieldPolicy::Always,
        YieldPolicy::WhenTargeted,
        YieldPolicy::WhenICanCounter,
        YieldPolicy::Never,
    ];

    /// Whether the server's passes under it tell the others something about
    /// the hand (DESIGN.md: such a policy is labelled revealing).
    pub fn reveals_hand(self) -> bool {
        self == YieldPolicy::WhenICanCounter
    }

    /// The policy's wire name, e.g. `when_targeted`.
    pub fn name(self) -> &'static str {
        match self {
            YieldPolicy::Always => "always",
            YieldPolicy::WhenTargeted => "when_targeted",
            YieldPolicy::WhenICanCounter => "when_i_can_counter",
            YieldPolicy::Never => "never",
        }
    }

    /// Whether a window stops at a player under this policy. `concerns`
    /// says whether the cast concerns him by public facts; `could_answer`
    /// whether he holds an answer that could apply, read only under the
    /// policy that looks at the hand.
    pub fn stops(
        self,
        concerns: impl FnOnce() -> bool,
        could_answer: impl FnOnce() -> bool,
    ) -> bool {
        match self {
            YieldPolicy::Always => true,
            YieldPolicy::WhenTargeted => concerns(),
            YieldPolicy::WhenICanCounter => could_answer(),
            YieldPolicy::Never => false,
        }
    }

    /// The policies as clients list them, each labelled whether its
    /// automatic passes reveal the hand (a ruleset's reference material).
    pub fn reference() -> Vec<LabelledYieldPolicy> {
        YieldPolicy::ALL
            .iter()
            .map(|&policy| LabelledYieldPolicy {
                policy,
                reveals_hand: policy.reveals_hand(),
            })
            .collect()
    }
}

/// A yield policy as a ruleset's reference material lists it, so that
/// clients can label the revealing one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct LabelledYieldPolicy {
    pub policy: YieldPolicy,
    /// Whether the server's automatic passes under it tell the others the
    /// player holds no answer.
    pub reveals_hand: bool,
}

impl super::options::DescribedType for YieldPolicy {
    /// "Which response windows stop at a player until he changes it:
    /// always, when_targeted, when_i_can_counter (revealing) or never."
    fn description() -> String {
        let told: Vec<String> = YieldPolicy::ALL
            .iter()
            .map(|p| {
                if p.reveals_hand() {
                    format!("{} (revealing)", p.name())
                } else {
                    p.name().to_owned()
                }
            })
            .collect();
        let (last, rest) = told.split_last().expect("there are policies");
        format!(
            "Which response windows stop at a player until he changes it: {} or {last}.",
            rest.join(", ")
        )
    }
}

/// What the kit needs to know of a ruleset whose casts open response
/// windows. The window itself (who may answer, in which order, what an
/// answer does) stays the ruleset's.
pub trait ResponseWindows: Ruleset {
    /// The seat the open window waits for now; `None` when no window is
    /// open or nobody is left to answer it.
    fn waiting_for(state: &Self::State) -> Option<Seat>;

    /// The policy recorded for `seat`; `None` for a seat with none recorded
    /// (a game set up before policies existed), who is asked at every window.
    fn recorded_policy(state: &Self::State, seat: Seat) -> Option<YieldPolicy>;

    /// Whether the cast of the open window concerns `seat`, by what
    /// everyone sees (the `when_targeted` policy).
    fn concerns(state: &Self::State, seat: Seat) -> bool;

    /// Whether `seat` holds an answer that could apply to the cast of the
    /// open window (the `when_i_can_counter` policy; it reads his hand).
    fn could_answer(state: &Self::State, seat: Seat) -> bool;

    /// The event recording that the server passed the window for `seat`.
    fn yielded(seat: Seat) -> Self::Event;

    /// The event recording `seat`'s new policy.
    fn policy_set(seat: Seat, policy: YieldPolicy) -> Self::Event;
}

/// The policy `seat` plays under now.
pub fn policy_of<R: ResponseWindows>(state: &R::State, seat: Seat) -> YieldPolicy {
    R::recorded_policy(state, seat).unwrap_or(YieldPolicy::Always)
}

/// Whether the open window stops at `seat` (his policy asks him).
pub fn stops_at<R: ResponseWindows>(state: &R::State, seat: Seat) -> bool {
    policy_of::<R>(state, seat).stops(|| R::concerns(state, seat), || R::could_answer(state, seat))
}

/// Where the open window stands once the policy of the player it waits for
/// has been applied.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Head {
    /// The window waits for nobody: what it held up may resolve.
    NobodyWaited,
    /// The window stops at this seat: the game waits for his answer.
    Asks(Seat),
    /// The server passed the window for this seat; it may wait for another.
    Yielded(Seat),
}

/// Applies the policy of the player the open window waits for: when it
/// passes the window, the server's pass is emitted.
pub fn answer_for_head<R: ResponseWindows>(em: &mut Emitter<R>) -> Head {
    let Some(head) = R::waiting_for(&em.state) else {
        return Head::NobodyWaited;
    };
    if stops_at::<R>(&em.state, head) {
        return Head::Asks(head);
    }
    em.emit(R::yielded(head));
    Head::Yielded(head)
}

/// `seat` changes his policy (a setting, not a move: at any time, never
/// among the legal commands). When the open window waits for him, `settle`
/// runs at once: the new policy may pass it, and what it held up resolves.
pub fn set_policy<R: ResponseWindows>(
    em: &mut Emitter<R>,
    seat: Seat,
    policy: YieldPolicy,
    settle: impl FnOnce(&mut Emitter<R>),
) {
    em.emit(R::policy_set(seat, policy));
    if R::waiting_for(&em.state) == Some(seat) {
        settle(em);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::options::DescribedType;

    #[test]
    fn only_the_policy_that_looks_at_the_hand_reads_it_and_is_labelled_revealing() {
        let never_read = || -> bool { panic!("the hand was read") };
        assert!(YieldPolicy::Always.stops(|| false, never_read));
        assert!(!YieldPolicy::Never.stops(|| true, never_read));
        assert!(YieldPolicy::WhenTargeted.stops(|| true, never_read));
        assert!(!YieldPolicy::WhenTargeted.stops(|| false, never_read));
        assert!(YieldPolicy::WhenICanCounter.stops(|| false, || true));
        assert!(!YieldPolicy::WhenICanCounter.stops(|| true, || false));
        let revealing: Vec<_> = YieldPolicy::ALL
            .into_iter()
            .filter(|p| p.reveals_hand())
            .collect();
        assert_eq!(revealing, [YieldPolicy::WhenICanCounter]);
    }

    #[test]
    fn the_option_names_every_policy_as_it_is_sent_and_labels_the_revealing_one() {
        assert_eq!(
            YieldPolicy::description(),
            "Which response windows stop at a player until he changes it: \
             always, when_targeted, when_i_can_counter (revealing) or never."
        );
        for policy in YieldPolicy::ALL {
            assert_eq!(
                serde_json::to_value(policy).unwrap(),
                serde_json::json!(policy.name())
            );
        }
    }
}
