//! Tests for the plot module's shared helpers.

use super::*;

fn line(kind: SeriesKind, k: f64) -> Series {
    Series { name: format!("{kind:?}"), kind, points: (0..=10).map(|i| (i as f64, k * i as f64)).collect() }
}

fn sample() -> Chart {
    Chart {
        title: "t".into(),
        x_label: "x".into(),
        y_label: "y".into(),
        x_range: (0.0, 10.0),
        y_range: (0.0, 20.0),
        series: vec![line(SeriesKind::Ghost, 1.0), line(SeriesKind::Main, 2.0)],
        marks: vec![Mark { x: 5.0, y: 10.0, label: "half".into() }],
    }
}

#[test]
fn svg_contains_both_lines_and_the_mark_label() {
    let svg = to_svg(&sample(), 640, 360, None).unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.matches("<polyline").count() >= 2, "{svg}");
    assert!(svg.contains("half"), "mark label missing");
}

#[test]
fn narrow_charts_get_fewer_x_labels_and_whole_numbers_print_without_decimals() {
    let count = |w: u32| {
        let mut svg = String::new();
        let area = SVGBackend::with_string(&mut svg, (w, 300)).into_drawing_area();
        x_label_count(&area)
    };
    assert_eq!(count(800), 10);
    assert_eq!(count(320), 6);
    assert_eq!(count(100), 4);
    assert_eq!(whole_label(&40.0), "40");
    assert_eq!(whole_label(&2.5), "2.5");
}

#[test]
fn frame_maps_pixels_back_to_data() {
    let mut svg = String::new();
    let area = SVGBackend::with_string(&mut svg, (640, 360)).into_drawing_area();
    let frame = draw(&area, &sample(), Some(Highlight { x: 3.0, y: 6.0 })).unwrap();
    assert!(frame.left > 0 && frame.right < 640 && frame.left < frame.right);
    assert_eq!(frame.data_x(f64::from(frame.left)), 0.0);
    assert_eq!(frame.data_x(f64::from(frame.right)), 10.0);
    assert_eq!(frame.data_x(-100.0), 0.0);
    let mid = f64::from(frame.left + frame.right) / 2.0;
    assert!((frame.data_x(mid) - 5.0).abs() < 1e-9);
}
