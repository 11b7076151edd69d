//! A chart's layout above its plotting area: the title, and the legend strip, wrapped to the
//! plot's width and measured through the backend.

use crate::error::FieldError;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::Axis;
use super::{backend_error, style};

/// Legend geometry, shared by [`plot_area`] (which reserves the strip) and [`legend`] (which
/// fills it), so both agree on the rows.
mod legend_geom {
    pub const PAD: i32 = 6;
    pub const SWATCH: i32 = 18;
    pub const ENTRY_GAP: i32 = 16;
    pub const ROW_GAP: i32 = 4;
    /// The chart builders' margin: the strip ends this far above the plotting area.
    pub const MARGIN: i32 = 10;
    /// Room left and right of the plot for the axes' labels, when wrapping the rows.
    pub const AXES: i32 = 120;
}

/// A legend row: entry indices with their widths in pixels.
type LegendRow = Vec<(usize, i32)>;

/// The legend's rows and the line height, wrapped to the
/// width of the plot. Labels are measured through the backend (see `wasm::canvas`): plotters'
/// own series labels measure through the font layer, which in the browser forces a layout of
/// the whole page per label.
fn legend_rows<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    labels: &[&str],
) -> Result<(Vec<LegendRow>, i32), FieldError> {
    use legend_geom::*;
    let font = TextStyle::from((style::FONT, 12).into_font());
    let wrap = (area.dim_in_pixel().0 as i32 - AXES).max(120);
    let mut rows: Vec<LegendRow> = vec![Vec::new()];
    let mut used = 0;
    let mut line_h = 12;
    for (i, label) in labels.iter().enumerate() {
        let (w, h) = area.estimate_text_size(label, &font).map_err(backend_error)?;
        line_h = line_h.max(h as i32);
        let w = SWATCH + PAD + w as i32;
        let row = rows.last_mut().expect("one row at least");
        if !row.is_empty() && used + ENTRY_GAP + w > wrap {
            rows.push(vec![(i, w)]);
            used = w;
        } else {
            used += if row.is_empty() { w } else { ENTRY_GAP + w };
            row.push((i, w));
        }
    }
    Ok((rows, line_h))
}

/// The strip's height for `labels` (0 without a legend).
fn legend_height(rows: usize, line_h: i32) -> i32 {
    if rows == 0 { 0 } else { rows as i32 * (line_h + legend_geom::ROW_GAP) + legend_geom::PAD }
}

/// The area a chart builds on: below its title (centred at the top) and a strip for its legend,
/// so the legend never covers the data.
pub(crate) fn plot_area<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    labels: &[&str],
) -> Result<DrawingArea<DB, Shift>, FieldError> {
    // Without a title (the page's heading names the chart) the legend keeps a pad from the edge.
    let rest = if title.is_empty() {
        area.split_vertically(legend_geom::PAD).1
    } else {
        area.titled(title, (style::FONT, 16)).map_err(backend_error)?
    };
    if labels.is_empty() {
        return Ok(rest);
    }
    let (rows, line_h) = legend_rows(area, labels)?;
    let (_, plot) = rest.split_vertically(legend_height(rows.len(), line_h));
    Ok(plot)
}

/// Draw the legend in the strip [`plot_area`] reserved above the plotting area, whose upper-right
/// pixel is `corner`: rows right-aligned with the plot. Each entry is a label and the line style
/// it stands for.
pub(crate) fn legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    corner: (i32, i32),
    entries: &[(String, ShapeStyle)],
) -> Result<(), FieldError> {
    use legend_geom::*;
    if entries.is_empty() {
        return Ok(());
    }
    let labels: Vec<&str> = entries.iter().map(|(l, _)| l.as_str()).collect();
    let (rows, line_h) = legend_rows(area, &labels)?;
    let top = corner.1 - MARGIN - legend_height(rows.len(), line_h);
    let font = TextStyle::from((style::FONT, 12).into_font());
    for (r, row) in rows.iter().enumerate() {
        let y = top + r as i32 * (line_h + ROW_GAP) + line_h / 2;
        let total: i32 = row.iter().map(|(_, w)| w).sum::<i32>() + ENTRY_GAP * (row.len() as i32 - 1);
        let mut x = corner.0 - total;
        for &(i, w) in row {
            let (label, line) = &entries[i];
            area.draw(&PathElement::new(vec![(x, y), (x + SWATCH, y)], *line)).map_err(backend_error)?;
            let text_style = font.clone().color(&BLACK).pos(Pos::new(HPos::Left, VPos::Center));
            area.draw(&Text::new(label.clone(), (x + SWATCH + PAD, y), text_style)).map_err(backend_error)?;
            x += w + ENTRY_GAP;
        }
    }
    Ok(())
}

/// The words and room of a chart with the clock on a second y axis: the allocation, the
/// engine allocation and the game charts (see [`dual_axes`]).
pub(crate) struct DualAxes<'t> {
    /// Room for the right axis's labels, px.
    pub right: u32,
    /// The x axis's description.
    pub x_desc: &'t str,
    /// The left axis's description.
    pub y_desc: &'t str,
    /// The right (clock) axis's description.
    pub clock_desc: &'t str,
    /// Vertical grid lines (the game chart has none).
    pub x_mesh: bool,
}

/// Plotters' chart context of [`dual_axes`]: f64 by f64 ([`Axis`]), twice.
type Xy = Cartesian2d<Axis, Axis>;
pub(crate) type DualChart<'a, DB> = plotters::chart::DualCoordChartContext<'a, DB, Xy, Xy>;

/// A chart context over `plot` with move numbers `x` on the x axis, `0 … y_top` on the left and
/// the clock, `0 … clock_top`, on the right, its axes drawn (labels sized for `area`).
///
/// # Errors
/// The backend failed.
pub(crate) fn dual_axes<'a, DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    plot: &'a DrawingArea<DB, Shift>,
    x: (f64, f64),
    (y_top, clock_top): (f64, f64),
    axes: &DualAxes,
) -> Result<DualChart<'a, DB>, FieldError> {
    let mut ctx = ChartBuilder::on(plot)
        .margin(10)
        .x_label_area_size(36)
        .y_label_area_size(52)
        .right_y_label_area_size(axes.right)
        .build_cartesian_2d(Axis::from(x.0..x.1), Axis::from(0.0..y_top))
        .map_err(backend_error)?
        .set_secondary_coord(Axis::from(x.0..x.1), Axis::from(0.0..clock_top));
    let mut mesh = ctx.configure_mesh();
    if !axes.x_mesh {
        mesh.disable_x_mesh();
    }
    mesh.x_labels(super::x_label_count(area))
        .x_label_formatter(&super::whole_label)
        .x_desc(axes.x_desc)
        .y_desc(axes.y_desc)
        .light_line_style(style::GRID)
        .max_light_lines(style::LIGHT_LINES)
        .label_style((style::FONT, 12))
        .draw()
        .map_err(backend_error)?;
    ctx.configure_secondary_axes()
        .y_desc(axes.clock_desc)
        .label_style((style::FONT, 12))
        .draw()
        .map_err(backend_error)?;
    Ok(ctx)
}
