#!/usr/bin/env bash
# Regenerates the embedded font subsets from fonts/glyphs.txt.
#
# Needs the Noto CJK collections (Debian: apt-get install fonts-noto-cjk) and pyftsubset
# (PyPI: pip install fonttools). Run from anywhere; writes next to this script:
#   NotoSerifCJKjp-Bold.subset.otf  piece labels
#   NotoSansCJKjp-Bold.subset.otf   coordinates, names, captions
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
noto="${NOTO_CJK_DIR:-/usr/share/fonts/opentype/noto}"

for tool in pyftsubset python3; do
    command -v "$tool" >/dev/null || { echo "subset.sh: $tool not found (pip install fonttools)" >&2; exit 1; }
done
for ttc in NotoSerifCJK-Bold.ttc NotoSansCJK-Bold.ttc; do
    [ -f "$noto/$ttc" ] || { echo "subset.sh: $noto/$ttc not found (apt-get install fonts-noto-cjk)" >&2; exit 1; }
done

# Prints the code points of one font's entries in glyphs.txt as pyftsubset --unicodes.
unicodes() {
    python3 - "$here/glyphs.txt" "$1" <<'PY'
import sys
path, wanted = sys.argv[1], sys.argv[2]
points = set()
for number, line in enumerate(open(path, encoding="utf-8"), 1):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    font, _, rest = line.partition(" ")
    if font not in ("pieces", "text"):
        sys.exit(f"glyphs.txt:{number}: unknown font {font!r}")
    if font != wanted:
        continue
    rest = rest.strip()
    if rest.startswith("U+"):
        low, _, high = rest.split()[0][2:].partition("-U+" if "-U+" in rest else "-")
        points.update(range(int(low, 16), int(high or low, 16) + 1))
    else:
        points.update(ord(c) for c in rest)
print(",".join(f"U+{p:04X}" for p in sorted(points)))
PY
}

# CFF outlines are kept (they are what the renderer draws); hinting, layout tables and
# vertical metrics are not used, so they are dropped to keep the files small.
cut() {
    local ttc="$1" out="$2" font="$3"
    pyftsubset "$noto/$ttc" \
        --font-number=0 \
        --unicodes="$(unicodes "$font")" \
        --layout-features='' \
        --no-hinting \
        --drop-tables+=vhea,vmtx,VORG,GSUB,GPOS,GDEF,BASE,DSIG \
        --name-IDs='*' \
        --output-file="$here/$out"
    echo "$out: $(wc -c <"$here/$out") bytes"
}

cut NotoSerifCJK-Bold.ttc NotoSerifCJKjp-Bold.subset.otf pieces
cut NotoSansCJK-Bold.ttc NotoSansCJKjp-Bold.subset.otf text
