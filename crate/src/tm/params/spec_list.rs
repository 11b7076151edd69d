//! Specs as a page, a link or a lesson writes them: several in one field, and the manager a
//! spec names even when its values are wrong.

use super::TmSpec;

/// The separator of several specs in one field: the Replay view's managers
/// (`stockfish;lc0-legacy`), a lesson's or an embed's `specs=`, the allocation chart's ghost. A
/// spec's own parameters are separated by `,` and never contain it.
pub const SPEC_LIST_SEPARATOR: char = ';';

/// The specs of a list field, each trimmed, empty ones dropped (the specs are not checked).
pub fn spec_list(text: &str) -> Vec<&str> {
    text.split(SPEC_LIST_SEPARATOR).map(str::trim).filter(|s| !s.is_empty()).collect()
}

/// Specs joined into one field; [`spec_list`] reads it back.
pub fn join_spec_list<S: AsRef<str>>(specs: &[S]) -> String {
    let specs: Vec<&str> = specs.iter().map(|s| s.as_ref().trim()).filter(|s| !s.is_empty()).collect();
    specs.join(&SPEC_LIST_SEPARATOR.to_string())
}

/// The manager a spec names: its canonical name when the name is known (the alias `smooth`
/// gives `lc0-smooth`), else the name as written (the text before its parameters, trimmed), so a spec
/// with a wrong value still names its manager.
pub fn spec_manager(spec: &str) -> String {
    let name = spec.split_once('(').map_or(spec, |(name, _)| name).trim();
    TmSpec::default_for(name).map_or_else(|_| name.to_string(), |s| s.manager().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_is_trimmed_and_empty_specs_dropped() {
        assert_eq!(
            spec_list(" stockfish ; lc0-legacy(slowmover=1.5,smart-pruning(factor=1.33)) ;; "),
            ["stockfish", "lc0-legacy(slowmover=1.5,smart-pruning(factor=1.33))"]
        );
        assert!(spec_list(" ; ").is_empty());
        let specs = ["stockfish", "lc0-legacy(slowmover=1.5)"];
        assert_eq!(join_spec_list(&specs), "stockfish;lc0-legacy(slowmover=1.5)");
        assert_eq!(spec_list(&join_spec_list(&specs)), specs);
        assert_eq!(join_spec_list(&[" a ", "", "b"]), "a;b");
    }

    #[test]
    fn the_manager_is_canonical_when_known_and_as_written_otherwise() {
        assert_eq!(spec_manager("lc0-legacy(slowmover=1.5)"), "lc0-legacy");
        assert_eq!(spec_manager(" stockfish "), "stockfish");
        assert_eq!(spec_manager("smooth(preset=lc0)"), "lc0-smooth");
        // A wrong value does not hide the manager; an unknown name is kept as written.
        assert_eq!(spec_manager("stockfish(bogus=1)"), "stockfish");
        assert_eq!(spec_manager("no-such-manager(x=1)"), "no-such-manager");
        assert_eq!(spec_manager(""), "");
    }
}
