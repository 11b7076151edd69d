#!/usr/bin/env python3
"""A real UCI client (python-chess) drives `tmlab uci`: `go depth`, `searchmoves`, `isready`
during a search and malformed `go` lines, for both searchers. Every `go` must get exactly one
`bestmove`. Usage: uci_client.py PATH/TO/tmlab. Exits 1 with the reason on any failure."""

import logging
import os
import sys
import threading
import time

import chess
import chess.engine


class Wire(logging.Handler):
    """Every line python-chess sends (`<<`) or receives (`>>`), with its time."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines = []
        self.mu = threading.Lock()

    def emit(self, record):
        msg = record.getMessage()
        for arrow in (" << ", " >> "):
            if arrow in msg:
                with self.mu:
                    self.lines.append((time.monotonic(), arrow.strip(), msg.split(arrow, 1)[1]))

    def count(self, arrow, prefix):
        with self.mu:
            return sum(1 for _, a, l in self.lines if a == arrow and l.startswith(prefix))

    def first_after(self, t0, arrow, prefix):
        with self.mu:
            return next((t for t, a, l in self.lines if t >= t0 and a == arrow and l.startswith(prefix)), None)


def wait_for(cond, secs, what):
    deadline = time.monotonic() + secs
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(0.01)
    raise AssertionError(f"timed out after {secs} s waiting for {what}")


def raw(engine, line):
    engine.protocol.loop.call_soon_threadsafe(engine.protocol.send_line, line)


def check(binary, searcher, wire):
    engine = chess.engine.SimpleEngine.popen_uci([binary, "uci"])
    try:
        engine.configure({"Searcher": searcher, "Move Overhead": 50})
        board = chess.Board()
        # go depth: ends, with a legal move.
        for depth in (1, 3):
            r = engine.play(board, chess.engine.Limit(depth=depth))
            assert r.move in board.legal_moves, (searcher, depth, r.move)
        # searchmoves, with the fields after it kept.
        only = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h3")]
        r = engine.play(board, chess.engine.Limit(time=0.2), root_moves=only)
        assert r.move in only, (searcher, r.move)
        r = engine.play(board, chess.engine.Limit(depth=2), root_moves=only[:1])
        assert r.move == only[0], (searcher, r.move)
        # isready during a timed search and during `go infinite`: readyok well before bestmove.
        for limit in (chess.engine.Limit(time=2.0), None):
            with engine.analysis(board, limit) as analysis:
                time.sleep(0.3)
                t0 = time.monotonic()
                raw(engine, "isready")
                wait_for(lambda: wire.first_after(t0, ">>", "readyok") is not None, 1.0, "readyok")
                lag = wire.first_after(t0, ">>", "readyok") - t0
                assert lag < 0.5, f"{searcher}: readyok after {lag:.3f} s"
                assert wire.first_after(t0, ">>", "bestmove") is None, "bestmove before readyok"
                if limit is None:
                    analysis.stop()
                analysis.wait()
        # Malformed `go` lines: an error line, then exactly one bestmove each.
        for bad in ("go wtime 1e3", "go wtime 1000.5 btime 1000", "go wtime", "go depth x",
                    "go sideways 3 movetime 100", "go wtime 99999999999999999999999 btime 5"):
            before = wire.count(">>", "bestmove")
            errors = wire.count(">>", "info string error")
            raw(engine, bad)
            wait_for(lambda: wire.count(">>", "bestmove") > before, 10.0, f"bestmove after {bad!r}")
            engine.ping()
            assert wire.count(">>", "bestmove") == before + 1, f"{bad!r}: more than one bestmove"
            assert wire.count(">>", "info string error") > errors, f"{bad!r}: no error line"
        # A game position after all that still plays.
        board.push_uci("e2e4")
        r = engine.play(board, chess.engine.Limit(white_clock=5, black_clock=5))
        assert r.move in board.legal_moves
    finally:
        engine.quit()


def main():
    binary = sys.argv[1]
    # A hang is a failure: give up after two minutes.
    watchdog = threading.Timer(120, lambda: (print("FAILED: hung for 120 s", file=sys.stderr), os._exit(1)))
    watchdog.daemon = True
    watchdog.start()
    wire = Wire()
    log = logging.getLogger("chess.engine")
    log.setLevel(logging.DEBUG)
    log.addHandler(wire)
    for searcher in ("ab", "mcts"):
        check(binary, searcher, wire)
    gos = wire.count("<<", "go")
    best = wire.count(">>", "bestmove")
    assert gos == best, f"{gos} go lines but {best} bestmoves"
    print(f"python-chess {chess.__version__}: {gos} go lines, {best} bestmoves, both searchers: ok")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
