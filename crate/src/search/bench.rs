//! bench placeholder
