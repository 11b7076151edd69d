//! The search timeline's reading ([`crate::plot::search_timeline::SearchTimeline`]): the
//! engine's lines in as they arrive, the chart's plain data out, which the engine charts
//! module's `TimelineCanvas` draws.

use wasm_bindgen::prelude::*;

use super::to_js;
use crate::plot::search_timeline::SearchTimeline;

/// One live search read from the engine's lines.
#[wasm_bindgen]
pub struct TimelineFeed {
    timeline: SearchTimeline,
}

#[wasm_bindgen]
impl TimelineFeed {
    /// An empty timeline.
    #[wasm_bindgen(constructor)]
    pub fn new() -> TimelineFeed {
        TimelineFeed { timeline: SearchTimeline::new() }
    }

    /// Forget the search (a new one starts).
    pub fn clear(&mut self) {
        self.timeline = SearchTimeline::new();
    }

    /// Read one engine line; returns whether the chart changed.
    pub fn feed(&mut self, line: &str) -> bool {
        self.timeline.feed(line)
    }

    /// The chart's data: `{iterations, base_soft_ms, hard_ms, stop, done}`.
    pub fn chart(&self) -> Result<JsValue, JsError> {
        to_js(&self.timeline.chart)
    }
}

impl Default for TimelineFeed {
    fn default() -> Self {
        Self::new()
    }
}
