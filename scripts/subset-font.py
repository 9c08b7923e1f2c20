#!/usr/bin/env python3
"""Writes apps/web/src/assets/fonts/inter-latin-400-700.woff2 from @fontsource-variable/inter.

The app's text is Spanish in Inter at weights 400 to 700: this keeps Latin-1 and the punctuation
the texts use, the layout features text needs, and the weight axis from 400 to 700 (48 KB -> 26 KB,
the first font a phone downloads). Run it again after updating the package:
  apt-get install -y python3-fonttools python3-brotli && /usr/bin/python3 scripts/subset-font.py
Inter is under the SIL Open Font License 1.1 (no reserved name): the subset keeps its name table.
"""
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"
TARGET = ROOT / "apps/web/src/assets/fonts/inter-latin-400-700.woff2"
# Keep in step with the @font-face unicode-range in apps/web/src/styles.css.
UNICODES = [
    *range(0x20, 0x7F),
    *range(0xA0, 0x100),
    0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026, 0x20AC, 0x2122,
]

font = TTFont(SOURCE)
options = subset.Options()
options.layout_features = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "tnum"]
options.name_IDs = ["*"]
options.notdef_outline = True
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=UNICODES)
subsetter.subset(font)
font = instancer.instantiateVariableFont(font, {"wght": (400, 700)})
font.flavor = "woff2"
TARGET.parent.mkdir(parents=True, exist_ok=True)
font.save(TARGET)
print(f"{TARGET.relative_to(ROOT)}: {TARGET.stat().st_size} bytes")
