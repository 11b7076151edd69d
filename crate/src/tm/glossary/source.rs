//! Where a glossary term comes from: a file of an upstream repository at the commit
//! `shared/spec/time-managers.md` pins, a seed document, or a file of this project.

/// An upstream repository at the commit the spec pins (`shared/spec/time-managers.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repo {
    /// lc0 @909a4082 (the classic stoppers).
    Lc0,
    /// lc0 v0.17.0 @62035fe5.
    Lc0V017,
    /// lc0 v0.18.0 @a4273d39.
    Lc0V018,
    /// lc0 PR1195 @e0b6ef38 (the first smooth manager).
    Lc0Pr1195,
    /// Stockfish @762dd1da.
    Stockfish,
    /// Ethereal @0e47e9b6.
    Ethereal,
    /// Monty @562b13e9 (official-monty/Monty, 2025-12-23).
    Monty,
    /// princhess @d45769d9 (princesslana/princhess, 2026-07-01).
    Princhess,
    /// Clockwork @10d79e61 (issue 28: `complexity`).
    Clockwork,
    /// Koivisto @6de225ad (issue 28: `koivisto`).
    Koivisto,
    /// Reckless @789de891 (issue 28: `reckless`).
    Reckless,
}

impl Repo {
    /// Every pinned repository.
    pub const ALL: [Repo; 11] = [
        Repo::Lc0,
        Repo::Lc0V017,
        Repo::Lc0V018,
        Repo::Lc0Pr1195,
        Repo::Stockfish,
        Repo::Ethereal,
        Repo::Monty,
        Repo::Princhess,
        Repo::Clockwork,
        Repo::Koivisto,
        Repo::Reckless,
    ];

    /// `owner/name` on GitHub.
    pub fn github(self) -> &'static str {
        match self {
            Repo::Lc0 | Repo::Lc0V017 | Repo::Lc0V018 | Repo::Lc0Pr1195 => "LeelaChessZero/lc0",
            Repo::Stockfish => "official-stockfish/Stockfish",
            Repo::Ethereal => "AndyGrant/Ethereal",
            Repo::Monty => "official-monty/Monty",
            Repo::Princhess => "princesslana/princhess",
            Repo::Clockwork => "official-clockwork/Clockwork",
            Repo::Koivisto => "Luecx/Koivisto",
            Repo::Reckless => "codedeliveryservice/Reckless",
        }
    }

    /// The pinned commit, as the spec gives it (full for lc0 @909a4082, short elsewhere).
    pub fn commit(self) -> &'static str {
        match self {
            Repo::Lc0 => "909a40826db9e8b221d9209a487daba6ab57e3b7",
            Repo::Lc0V017 => "62035fe5",
            Repo::Lc0V018 => "a4273d39",
            Repo::Lc0Pr1195 => "e0b6ef38",
            Repo::Stockfish => "762dd1da",
            Repo::Ethereal => "0e47e9b6",
            Repo::Monty => "562b13e9e70a8e4858803802278e7c047b3e6cd2",
            Repo::Princhess => "d45769d900deb1429e8f9de3c72cc1d59965688c",
            Repo::Clockwork => "10d79e61",
            Repo::Koivisto => "6de225ad",
            Repo::Reckless => "789de891",
        }
    }

    /// How the spec cites it: `lc0 @909a4082`.
    pub fn cite(self) -> String {
        let name = match self {
            Repo::Lc0 | Repo::Lc0V017 | Repo::Lc0V018 | Repo::Lc0Pr1195 => "lc0",
            Repo::Stockfish => "Stockfish",
            Repo::Ethereal => "Ethereal",
            Repo::Monty => "Monty",
            Repo::Princhess => "princhess",
            Repo::Clockwork => "Clockwork",
            Repo::Koivisto => "Koivisto",
            Repo::Reckless => "Reckless",
        };
        let commit = self.commit();
        format!("{name} @{}", commit.get(..8).unwrap_or(commit))
    }
}

/// The seed documents the spec names (`shared/seeds/`).
pub const SEEDS: [&str; 5] = [
    "000_4aba59f09bfba159.txt",
    "001_17165174847994fc.txt",
    "002_29cd4cbab2371d27.txt",
    "003_88df0f5d85c2f547.txt",
    "004_5553bfcd042ba4ed.txt",
];

/// Where a term comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A file of an upstream repository at its pinned commit.
    Upstream(Repo, &'static str),
    /// A seed document (one of [`SEEDS`]).
    Seed(&'static str),
    /// This project's own rule, in the named file of the repository.
    Project(&'static str),
}

impl Source {
    /// The permanent URL of an upstream file at its pinned commit (`None` for seeds and the
    /// project's own files, which are named instead).
    pub fn url(self) -> Option<String> {
        match self {
            Source::Upstream(repo, path) => {
                Some(format!("https://github.com/{}/blob/{}/{path}", repo.github(), repo.commit()))
            }
            Source::Seed(_) | Source::Project(_) => None,
        }
    }

    /// The citation in words: `lc0 @909a4082 src/search/classic/stoppers/legacy.cc`,
    /// `seed 002_29cd4cbab2371d27.txt`, `tmlab crate/src/tm/common.rs`.
    pub fn text(self) -> String {
        match self {
            Source::Upstream(repo, path) => format!("{} {path}", repo.cite()),
            Source::Seed(file) => format!("seed {file}"),
            Source::Project(path) => format!("tmlab {path}"),
        }
    }
}
