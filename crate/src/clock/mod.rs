//! Time controls, clocks and the time a search sees.

pub mod timer;
