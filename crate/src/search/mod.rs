//! Searchers: alpha-beta and MCTS. They know a [`crate::stop::Stopper`], never a manager.

pub mod mcts;
