//! The rulebook as examples.
