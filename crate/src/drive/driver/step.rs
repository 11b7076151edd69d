//! Running a move slice by slice (MCTS batches, the alpha-beta search whole) and ending it:
//! `end_move` for a finished search, the manager put back for a dropped one.

use super::ponder::HitAt;
use super::{LIMIT_POLL_STRIDE, MoveDriver, Search};
use crate::drive::MoveTimeStopper;
use crate::drive::request::{Event, MoveOutcome};
use crate::drive::strength::NodeRateCap;
use crate::error::FieldError;
use crate::search::mcts::{InfoLine, Progress};
use crate::search::{IterationReport, SearchRequest, Searcher};
use crate::stop::{Chain, NeverStop, Stopper};
use crate::tm::MoveEnd;
use crate::tm::stopper::ManagedStopper;

impl MoveDriver {
    /// Advances the running move: MCTS by up to `max_batches` batches, alpha-beta to its end.
    /// Returns the outcome once the move has ended (and the manager has been told, or put back
    /// for a dropped search), `None` while it runs.
    ///
    /// # Errors
    /// The alpha-beta search refused the position or its limits.
    pub fn step(
        &mut self,
        max_batches: u32,
        out: &mut dyn FnMut(Event),
    ) -> Option<Result<MoveOutcome, FieldError>> {
        let run = self.running.as_mut()?;
        let control = run.control.clone();
        let done = match &mut run.search {
            Search::Ab { root, limits } => {
                let mb = self.hash_mb;
                let ab = self.ab.get_or_insert_with(|| Searcher::new(mb));
                let last = &mut run.limit;
                let mut on_it = |it: &IterationReport| {
                    out(Event::Iteration(it));
                    if let Some(l) = &it.limit {
                        out(Event::Limit(l));
                        *last = Some(l.clone());
                    }
                };
                let (timer, limits, throttle) = (run.timer, limits.clone(), run.throttle);
                // At a capped level the search is held to its node rate between it and the stopper.
                let mut search = |stopper: &mut dyn Stopper| {
                    let request = |stopper| SearchRequest {
                        stopper,
                        timer,
                        limits: limits.clone(),
                        control: control.clone(),
                    };
                    match throttle {
                        Some(rate) => {
                            let mut capped = Chain {
                                inner: stopper,
                                adaptor: NodeRateCap::new(timer, rate, control.clone()),
                            };
                            ab.search(root, request(&mut capped), &mut on_it)
                        }
                        None => ab.search(root, request(stopper), &mut on_it),
                    }
                };
                let ponder_at = run.ponder_at;
                let r = match run.managed.take() {
                    Some(parked) => {
                        let mut s = ManagedStopper::resume(self.tm.as_mut(), parked);
                        let r = match ponder_at {
                            Some((at_ms, _)) => search(&mut Chain {
                                inner: &mut s,
                                adaptor: HitAt { at_ms, control: control.clone() },
                            }),
                            None => search(&mut s),
                        };
                        run.managed = Some(s.suspend());
                        r
                    }
                    None => search(&mut NeverStop::default()),
                };
                // A virtual ponder search: the time before the opponent moved was the opponent's;
                // from then on (the search sees the ponderhit at its next check) the mover's
                // clock runs. A search that ended still pondering plays at once.
                let pondered =
                    ponder_at.map(|(at_ms, _)| at_ms.min(r.as_ref().map_or(0.0, |r| r.elapsed_ms)));
                match r {
                    Ok(r) => MoveOutcome {
                        best: r.best_move,
                        uci: r.best_move_uci,
                        ponder: r.ponder_uci,
                        budget: run.budget.clone(),
                        elapsed_ms: r.elapsed_ms - pondered.unwrap_or(0.0),
                        nodes: r.nodes,
                        depth: r.depth,
                        seldepth: r.seldepth,
                        pv: r.pv,
                        visits: None,
                        score: r.score,
                        reused_nodes: 0,
                        reason: r.stop_reason,
                        limit: run.limit.clone(),
                        dropped: false,
                        pondered_ms: pondered,
                    },
                    Err(e) => {
                        let run = self.running.take().expect("running");
                        if let Some(parked) = run.managed {
                            drop(ManagedStopper::resume(self.tm.as_mut(), parked).suspend());
                        }
                        let _ = run.before.restore(&self.spec, self.tm.as_mut());
                        return Some(Err(e.into()));
                    }
                }
            }
            Search::Mcts { search } => {
                let mut movetime = run.movetime_ms.map(MoveTimeStopper::new);
                let mut never = NeverStop::default();
                let mut managed = run.managed.take().map(|p| ManagedStopper::resume(self.tm.as_mut(), p));
                let inner: &mut dyn Stopper = match (&mut managed, &mut movetime) {
                    (Some(s), _) => s,
                    (None, Some(s)) => s,
                    (None, None) => &mut never,
                };
                let mut capped;
                let stopper: &mut dyn Stopper = match run.throttle {
                    Some(rate) => {
                        capped = Chain { inner, adaptor: NodeRateCap::new(run.timer, rate, control.clone()) };
                        &mut capped
                    }
                    None => inner,
                };
                // A virtual ponder search: the ponderhit is due once it has run as long as the
                // opponent thought (checked after every batch).
                let hit_due = run.ponder_at.filter(|_| search.is_pondering()).map(|(at, _)| at);
                let mut hit_now = false;
                // One batch at a time, so a `stop` from another thread is seen within a batch.
                let mut progress = Progress::Running;
                for _ in 0..max_batches.max(1) {
                    if control.stop_requested() {
                        search.request_stop();
                    }
                    progress = search.step(stopper, 1, &mut |i: &InfoLine| out(Event::Mcts(i)));
                    run.polls += 1;
                    if let Some(at) = hit_due
                        && matches!(progress, Progress::Running)
                        && search.elapsed_ms() >= at
                    {
                        hit_now = true;
                        break;
                    }
                    let done = matches!(progress, Progress::Done(_));
                    // The effective limit (a formatted sentence) is asked for every
                    // LIMIT_POLL_STRIDE batches and at the end, not after every batch.
                    if !(done || run.polls % LIMIT_POLL_STRIDE == 1) {
                        continue;
                    }
                    let limit = stopper.effective_limit();
                    if limit.is_some() && limit != run.limit {
                        run.limit = limit;
                        if let Some(l) = &run.limit {
                            out(Event::Limit(l));
                        }
                    }
                    if matches!(progress, Progress::Done(_)) {
                        break;
                    }
                }
                run.managed = managed.map(ManagedStopper::suspend);
                if hit_now {
                    // The batch that crossed the opponent's move ran partly on our clock: the
                    // excess is added to the time after the hit.
                    let at = hit_due.expect("a due ponderhit has its time");
                    run.pondered_ms = Some(at);
                    run.late_ms = search.elapsed_ms() - at;
                    let timer = run.ponder_at.map(|(_, t)| t).expect("a due ponderhit has its timer");
                    self.mcts_ponderhit(timer, out);
                    return None;
                }
                let Progress::Done(r) = progress else { return None };
                // A ponder search that ended before the ponderhit plays at once on the hit.
                let (elapsed, pondered) = match (run.ponder_at, run.pondered_ms) {
                    (Some(_), Some(p)) => (r.elapsed_ms + run.late_ms, Some(p)),
                    (Some(_), None) => (0.0, Some(r.elapsed_ms)),
                    (None, _) => (r.elapsed_ms, None),
                };
                MoveOutcome {
                    best: r.best,
                    uci: r.best_move,
                    ponder: r.ponder_move,
                    budget: run.budget.clone(),
                    elapsed_ms: elapsed,
                    nodes: r.playouts,
                    depth: r.depth,
                    seldepth: r.seldepth,
                    pv: r.pv,
                    visits: Some(r.total_nodes),
                    score: r.score,
                    reused_nodes: r.head_n,
                    reason: r.reason,
                    limit: run.limit.clone(),
                    dropped: false,
                    pondered_ms: pondered,
                }
            }
        };
        Some(Ok(self.finish(done)))
    }

    /// Ends the move: `end_move` for a finished search, the snapshot back for a dropped one.
    fn finish(&mut self, mut done: MoveOutcome) -> MoveOutcome {
        let run = self.running.take().expect("a move is running");
        if let Search::Mcts { search } = run.search {
            self.tree = Some(search.into_tree());
        }
        let dropped = run.control.cancel_requested();
        if let Some(parked) = run.managed {
            let s = ManagedStopper::resume(self.tm.as_mut(), parked);
            if dropped {
                drop(s.suspend());
            } else {
                let mut end = MoveEnd::new(done.elapsed_ms, done.visits.unwrap_or(done.nodes));
                end.final_score = done.score;
                end.final_avg_score = f64::from(done.score.as_cp());
                s.finish(&end);
            }
        }
        if dropped {
            run.before.restore(&self.spec, self.tm.as_mut()).expect("the driver's own snapshot restores");
            done.dropped = true;
            self.dropped = Some(run.reuse);
        }
        done
    }
}
