//! Games and matches.
