# OpenBench's client builds an engine with `make EXE=<path>` in the repository's root. This
# builds the release `tmlab` (the UCI engine is `tmlab uci`; `tmlab bench` is the bench OpenBench
# runs) and copies it to $(EXE). Needs Rust 1.95+ (cargo); nothing else.
EXE ?= tmlab
CARGO ?= cargo

ifeq ($(OS),Windows_NT)
	BIN := target/release/tmlab.exe
else
	BIN := target/release/tmlab
endif

.PHONY: all clean
all:
	$(CARGO) build --release --bin tmlab
	cp $(BIN) $(EXE)

clean:
	$(CARGO) clean
