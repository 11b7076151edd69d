//! The tmlab extensions to UCI: `tmlab cancel`, `tmlab restore <payload>` and the
//! `info string tm-state` lines of the `TmlabState` option.

use super::UciSession;
use crate::drive::TmSnapshot;
use crate::error::FieldError;

impl UciSession {
    /// `tmlab cancel` (drop the running search, contract point 3) and `tmlab restore <payload>`
    /// (put a `tm-state` payload back into the manager, contract point 2).
    pub(super) fn tmlab(&mut self, rest: &str, out: &mut dyn FnMut(&str)) -> Result<(), FieldError> {
        let (sub, arg) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        match sub {
            "cancel" => {
                if self.driver.running() {
                    self.control.cancel();
                    self.pump(1, out);
                } else if let Some(line) = self.held.take() {
                    out("info string stop cancelled");
                    out(&line);
                }
                Ok(())
            }
            "restore" => {
                if self.driver.running() {
                    return Err(FieldError::message(
                        "tmlab restore ignored: a search is running (send stop first)",
                    ));
                }
                let snap = TmSnapshot::from_payload(arg).map_err(|e| FieldError::message(e.to_string()))?;
                self.driver.restore(&snap).map_err(|e| FieldError::message(e.to_string()))?;
                // The state now in force, so a client keeping the latest payload keeps this one.
                self.print_state(out);
                Ok(())
            }
            other => Err(FieldError::message(format!(
                "tmlab: unknown command {other:?} (expected cancel or restore <payload>)"
            ))),
        }
    }

    /// `info string tm-state <payload>` when `TmlabState` is on.
    pub(super) fn print_state(&self, out: &mut dyn FnMut(&str)) {
        if self.tm_state {
            out(&format!("info string tm-state {}", self.driver.snapshot().to_payload()));
        }
    }
}
