//! Time managers: one file per manager, the shared building blocks, and the parameter schema.

pub mod decay;
pub mod moves_left;
