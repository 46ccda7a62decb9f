"""Debian's Fairy-Stockfish (/usr/games/fairy-stockfish) over USI, one search at a time:
shared by scripts/label-positions and scripts/read-game."""
import re
import subprocess

FS = "/usr/games/fairy-stockfish"


class Engine:
    """One Fairy-Stockfish process, ready for searches."""

    def __init__(self, hash_mb=16):
        self.p = subprocess.Popen(
            [FS], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("usi")
        self.wait("usiok")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, prefix):
        for line in self.p.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"{FS} ended before {prefix}")

    def search(self, position, depth):
        """(score for the side to move, its move) after `position` (a USI `position`
        command's argument) searched to `depth`; mates as +-30000, None if no score."""
        self.send("position " + position)
        self.send(f"go depth {depth}")
        score = None
        for line in self.p.stdout:
            m = re.search(r"score (cp|mate) (-?\d+)", line)
            if m and " pv " in line:
                value = int(m.group(2))
                score = value if m.group(1) == "cp" else (30000 if value > 0 else -30000)
            if line.startswith("bestmove"):
                return score, line.split()[1]
        raise RuntimeError(f"{FS} ended during a search")
