//! Print the text of lesson number placeholders, one expression per argument (or per stdin
//! line): `cargo run --example lesson_number -- 'sim spec=stockfish tc=2+0.1 at=1 field=soft unit=ms'`.
//! Lesson authors use it to see what `{{= …}}` will show; see docs/lessons.md.

use std::io::BufRead;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let exprs: Vec<String> =
        if args.is_empty() { std::io::stdin().lock().lines().map_while(Result::ok).collect() } else { args };
    let mut failed = false;
    for e in exprs.iter().filter(|e| !e.trim().is_empty()) {
        match tmlab::experiment::lesson_numbers::evaluate(e) {
            Ok(v) => println!("{v}\t{e}"),
            Err(err) => {
                failed = true;
                println!("ERROR {err}\t{e}");
            }
        }
    }
    std::process::exit(i32::from(failed));
}
