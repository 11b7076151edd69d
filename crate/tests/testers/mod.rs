//! The testers' side of the UCI wire, reimplemented from their sources so that `npm test` drives
//! `tmlab` as they do without needing them (CI has neither):
//! - fastchess 1.8.2-alpha @74deac23: `app/src/engine/option/option_factory.hpp` (how `option`
//!   lines are read), `uci_engine.cpp` `sendSetoption` (an option the engine did not declare, or
//!   a value out of its range, is dropped with `Warning; <engine> doesn't have option <name>` /
//!   `Warning; Invalid value for option …`) and `go` (the `go` line), `game/timecontrol/
//!   timecontrol.cpp` (the clock: increment credited before move 1, `movestogo` periods, a flag
//!   when the time left falls below −`timemargin`, default 0);
//! - cutechess-cli 1.4.0 (Qt 5.15.8): `projects/lib/src/uciengine.cpp` (`parseOption` reads
//!   `min`/`max` with Qt's 32-bit `toInt`, which reads an out-of-range number as 0;
//!   `startThinking` writes `go`), `chessengine.cpp` (`setOption` drops an undeclared option
//!   with `<engine> doesn't have option <name>`; options given on the command line wait in a
//!   `QMap` until the engine has answered `uci`, so they are sent in the map's key order:
//!   alphabetical, `TM_…` before `TimeManager` before `TmlabState`), `enginespinoption.cpp`
//!   (`isValid`).
//!
//! What the real tools did with `tmlab` (logs in the closing note of issue 29): fastchess sends
//! `uci`, waits for `uciok`, then the `option.` arguments in command-line order, then
//! `ucinewgame` and `isready`; cutechess-cli `-debug` shows `uci`, then `setoption`s in
//! alphabetical order, `isready`, then `ucinewgame` before each game.
#![allow(dead_code)]

/// The shape of a declared option.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A spin with its bounds as the tool read them.
    Spin { min: f64, max: f64 },
    /// `true` or `false`.
    Check,
    /// One of these names.
    Combo(Vec<String>),
    /// Any text.
    Text,
    /// A button.
    Button,
}

/// One `option` line as a tool read it.
#[derive(Clone, Debug, PartialEq)]
pub struct Declared {
    pub name: String,
    pub kind: Kind,
    pub default: String,
}

/// The tool driving the engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tool {
    Fastchess,
    Cutechess,
}

/// Qt's `QString::toInt`: a 32-bit integer, or `None` (the caller then gets 0).
fn qt_to_int(s: &str) -> Option<i32> {
    s.parse::<i32>().ok()
}

impl Tool {
    /// The options of a `uci` reply, as this tool reads them.
    pub fn read_options(self, reply: &[String]) -> Vec<Declared> {
        reply.iter().filter_map(|l| self.read_option(l)).collect()
    }

    fn read_option(self, line: &str) -> Option<Declared> {
        let rest = line.strip_prefix("option ")?;
        let words: Vec<&str> = rest.split_whitespace().collect();
        const KEYS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];
        // Both tools take the words after a keyword up to the next keyword.
        let mut fields: Vec<(&str, String)> = Vec::new();
        for w in words {
            match (KEYS.contains(&w), fields.last_mut()) {
                (true, _) => fields.push((w, String::new())),
                (false, Some((_, v))) => {
                    if !v.is_empty() {
                        v.push(' ');
                    }
                    v.push_str(w);
                }
                (false, None) => {}
            }
        }
        let get = |k: &str| fields.iter().find(|(f, _)| *f == k).map(|(_, v)| v.clone());
        let name = get("name")?;
        let default = get("default").unwrap_or_default();
        let kind = match get("type")?.as_str() {
            "spin" => {
                let (lo, hi) = (get("min").unwrap_or_default(), get("max").unwrap_or_default());
                match self {
                    // fastchess reads an int spin, or a double one when a value is not an int.
                    Tool::Fastchess => Kind::Spin { min: lo.parse().ok()?, max: hi.parse().ok()? },
                    Tool::Cutechess => Kind::Spin {
                        min: f64::from(qt_to_int(&lo).unwrap_or(0)),
                        max: f64::from(qt_to_int(&hi).unwrap_or(0)),
                    },
                }
            }
            "check" => Kind::Check,
            "combo" => {
                Kind::Combo(fields.iter().filter(|(f, _)| *f == "var").map(|(_, v)| v.clone()).collect())
            }
            "string" => Kind::Text,
            "button" => Kind::Button,
            _ => return None,
        };
        Some(Declared { name, kind, default })
    }

    /// Why the tool drops `name=value` instead of sending it (`None`: it sends it).
    pub fn refuses(self, declared: &[Declared], name: &str, value: &str) -> Option<String> {
        let Some(d) = declared.iter().find(|d| d.name == name) else {
            return Some(format!("doesn't have option {name}"));
        };
        let valid = match &d.kind {
            Kind::Spin { min, max } => match self {
                Tool::Fastchess => value.parse::<f64>().is_ok_and(|v| *min <= v && v <= *max),
                Tool::Cutechess => {
                    min <= max
                        && qt_to_int(value).is_some_and(|v| {
                            (*min == 0.0 && *max == 0.0) || (*min <= f64::from(v) && f64::from(v) <= *max)
                        })
                }
            },
            Kind::Check => value == "true" || value == "false",
            Kind::Combo(vars) => vars.iter().any(|v| v == value),
            Kind::Text => true,
            Kind::Button => value == "true",
        };
        (!valid).then(|| format!("Invalid value for option {name}: {value}"))
    }

    /// The options in the order the tool sends them.
    pub fn order<'a>(self, options: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
        let mut o = options.to_vec();
        if self == Tool::Cutechess {
            // QMap<QString, …>: UTF-16 code-unit order, which for ASCII names is byte order.
            o.sort_by(|a, b| a.0.cmp(b.0));
        }
        o
    }

    /// The `setoption` lines the tool writes for `options`, and what it dropped.
    pub fn setoptions(self, declared: &[Declared], options: &[(&str, &str)]) -> (Vec<String>, Vec<String>) {
        let (mut sent, mut lost) = (Vec::new(), Vec::new());
        for (name, value) in self.order(options) {
            match self.refuses(declared, name, value) {
                Some(why) => lost.push(why),
                None => sent.push(format!("setoption name {name} value {value}")),
            }
        }
        (sent, lost)
    }
}

/// A control as the tools take it on the command line.
#[derive(Clone, Copy, Debug)]
pub enum Control {
    /// `tc=[moves/]base+inc`, ms.
    Clock { moves: u32, base_ms: i64, inc_ms: i64 },
    /// `st=`: a fixed time per move, ms.
    MoveTime(i64),
    /// `tc=inf nodes=N`.
    Nodes(u64),
}

/// One side's clock as fastchess keeps it (`TimeControl`), with `timemargin`.
#[derive(Clone, Debug)]
pub struct FastchessClock {
    control: Control,
    margin_ms: i64,
    time_left: i64,
    moves_left: u32,
}

impl FastchessClock {
    pub fn new(control: Control, margin_ms: i64) -> Self {
        let (time_left, moves_left) = match control {
            Control::Clock { moves, base_ms, inc_ms } => (base_ms + inc_ms, moves),
            Control::MoveTime(ms) => (ms, 0),
            Control::Nodes(_) => (0, 0),
        };
        FastchessClock { control, margin_ms, time_left, moves_left }
    }

    /// Time left, ms, as `go` shows it.
    pub fn time_left(&self) -> i64 {
        self.time_left
    }

    /// `movestogo`, when the control has periods.
    pub fn moves_left(&self) -> Option<u32> {
        (self.moves_left > 0).then_some(self.moves_left)
    }

    /// Charges a move that took `elapsed` ms; `false` when it flags (`updateTime`).
    pub fn charge(&mut self, elapsed: i64) -> bool {
        match self.control {
            Control::Nodes(_) => true,
            Control::MoveTime(ms) => elapsed <= ms + self.margin_ms,
            Control::Clock { moves, base_ms, inc_ms } => {
                if moves > 0 {
                    if self.moves_left == 1 {
                        self.moves_left = moves;
                        self.time_left += base_ms;
                    } else {
                        self.moves_left -= 1;
                    }
                }
                self.time_left -= elapsed;
                if self.time_left < -self.margin_ms {
                    return false;
                }
                self.time_left = self.time_left.max(0) + inc_ms;
                true
            }
        }
    }
}

/// fastchess's `go` line (`UciEngine::go`) for the side to move (`us`) against `them`.
pub fn fastchess_go(us: &FastchessClock, them: &FastchessClock, white_to_move: bool) -> String {
    let mut go = String::from("go");
    if let Control::Nodes(n) = us.control {
        go += &format!(" nodes {n}");
        return go;
    }
    if let Control::MoveTime(ms) = us.control {
        return format!("{go} movetime {ms}");
    }
    let (w, b) = if white_to_move { (us, them) } else { (them, us) };
    let inc = |c: &FastchessClock| match c.control {
        Control::Clock { inc_ms, .. } if inc_ms > 0 => Some(inc_ms),
        _ => None,
    };
    go += &format!(" wtime {} btime {}", w.time_left, b.time_left);
    if let Some(i) = inc(w) {
        go += &format!(" winc {i}");
    }
    if let Some(i) = inc(b) {
        go += &format!(" binc {i}");
    }
    if let Some(m) = us.moves_left() {
        go += &format!(" movestogo {m}");
    }
    go
}
