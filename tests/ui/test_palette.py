"""The palette holds for the common colour-vision deficiencies.

Players are told apart by colour on every board (cups, cubes, word paths,
rings), so their colours, and the other colours that carry a meaning (Loot Card
colours, faction tracks), are checked as seen with normal vision and with
protanopia, deuteranopia and tritanopia, simulated with the matrices of
Machado, Oliveira & Fernandes (2009, severity 1.0, applied in linear RGB):

- pairwise distinguishable: CIEDE2000 distance at least :data:`MIN_DE` between
  any two of them, in each simulation;
- visible on the boards' white or paper backgrounds: contrast at least 3:1
  (WCAG 2.1, 1.4.11 non-text contrast), in each simulation;
- words drawn on a coloured background (landscapes, room types, districts)
  keep 4.5:1 against it (WCAG AA for text), in each simulation. Those
  backgrounds are not required to differ from each other: each space, room
  and district also carries its name and an icon.

The CIEDE2000 code is checked against Sharma, Wu & Dalal's (2005) test data.
"""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pytest

from balada_widgets.balada.view import LAND_STYLE
from balada_widgets.baldurs_gate.drawing import DISTRICT_STYLE, FACTION_STYLE
from balada_widgets.baldurs_gate.drawing import PLAYER_COLOURS as BG_PLAYERS
from balada_widgets.barcadia.drawing import LOOT_COLOURS, TYPE_STYLE
from balada_widgets.kit.grid import PLAYER_COLOURS

VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia")
MIN_DE = 9.5  # CIEDE2000: about 2 is "just noticeable"; near 10 a difference is seen at a glance
BACKGROUNDS = {"white": "#ffffff", "BG paper": "#fdfbf4"}

# Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB
MACHADO = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]),
}
def hex_rgb(h):
    h = h.lstrip("#")
    if len(h) == 3: h = "".join(c * 2 for c in h)
    return np.array([int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)])
def to_lin(c): return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
def to_srgb(c):
    c = np.clip(c, 0, 1); return np.where(c <= 0.0031308, 12.92 * c, 1.055 * c ** (1 / 2.4) - 0.055)
def simulate(h, kind):
    if kind == "normal": return hex_rgb(h)
    return to_srgb(MACHADO[kind] @ to_lin(hex_rgb(h)))
def luminance(rgb):
    l = to_lin(rgb); return float(0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2])
def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True); return (la + 0.05) / (lb + 0.05)
def lab(rgb):
    l = to_lin(rgb)
    M = np.array([[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]])
    x, y, z = M @ l
    xn, yn, zn = 0.95047, 1.0, 1.08883
    def f(t): return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x / xn), f(y / yn), f(z / zn)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)
def ciede2000(lab1, lab2):
    L1, a1, b1 = lab1; L2, a2, b2 = lab2
    C1, C2 = math.hypot(a1, b1), math.hypot(a2, b2)
    Cb = (C1 + C2) / 2
    G = 0.5 * (1 - math.sqrt(Cb ** 7 / (Cb ** 7 + 25 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if C1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if C2p else 0.0
    dLp, dCp = L2 - L1, C2p - C1p
    if C1p * C2p == 0: dhp = 0.0
    elif abs(h2p - h1p) <= 180: dhp = h2p - h1p
    elif h2p - h1p > 180: dhp = h2p - h1p - 360
    else: dhp = h2p - h1p + 360
    dHp = 2 * math.sqrt(C1p * C2p) * math.sin(math.radians(dhp / 2))
    Lbp, Cbp = (L1 + L2) / 2, (C1p + C2p) / 2
    if C1p * C2p == 0: hbp = h1p + h2p
    elif abs(h1p - h2p) <= 180: hbp = (h1p + h2p) / 2
    elif h1p + h2p < 360: hbp = (h1p + h2p + 360) / 2
    else: hbp = (h1p + h2p - 360) / 2
    T = (1 - 0.17 * math.cos(math.radians(hbp - 30)) + 0.24 * math.cos(math.radians(2 * hbp))
         + 0.32 * math.cos(math.radians(3 * hbp + 6)) - 0.20 * math.cos(math.radians(4 * hbp - 63)))
    dtheta = 30 * math.exp(-(((hbp - 275) / 25) ** 2))
    Rc = 2 * math.sqrt(Cbp ** 7 / (Cbp ** 7 + 25 ** 7))
    Sl = 1 + 0.015 * (Lbp - 50) ** 2 / math.sqrt(20 + (Lbp - 50) ** 2)
    Sc, Sh = 1 + 0.045 * Cbp, 1 + 0.015 * Cbp * T
    Rt = -math.sin(math.radians(2 * dtheta)) * Rc
    return math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh))


def min_distance(colours, vision):
    labs = [lab(simulate(c, vision)) for c in colours]
    return min((ciede2000(labs[i], labs[j]), colours[i], colours[j]) for i, j in combinations(range(len(colours)), 2))


# Sharma, Wu & Dalal (2005), Table 1: (Lab 1, Lab 2, ΔE00)
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0),
    ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
    ((90.8027, -2.0831, 1.441), (91.1528, -1.6435, 0.0447), 1.4441),
]


@pytest.mark.parametrize("lab1, lab2, expected", SHARMA)
def test_ciede2000_matches_the_published_test_data(lab1, lab2, expected):
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_the_simulation_keeps_grey_grey_and_confuses_what_it_should():
    for vision in VISIONS[1:]:
        for grey in ("#000000", "#777777", "#ffffff"):
            assert np.allclose(simulate(grey, vision), hex_rgb(grey), atol=0.02)
    # red and green, the classic confusion, come close for protanopes and deuteranopes
    assert min_distance(["#d62728", "#2ca02c"], "normal")[0] > 30
    assert min_distance(["#cc3333", "#669900"], "deuteranopia")[0] < 10


PALETTES = {
    "players (Balda, Barcadia: up to 6)": list(PLAYER_COLOURS),
    "players (Baldur's Gate: up to 4)": list(BG_PLAYERS),
    "Baldur's Gate factions": [c for c, _light in FACTION_STYLE.values()],
}


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("name", list(PALETTES))
def test_colours_that_mean_something_are_told_apart(name, vision):
    distance, a, b = min_distance(PALETTES[name], vision)
    assert distance >= MIN_DE, f"{name} with {vision}: {a} and {b} are only ΔE00 {distance:.1f} apart"


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("name", list(PALETTES))
def test_colours_that_mean_something_stand_out_from_the_board(name, vision):
    for colour in PALETTES[name]:
        for where, background in BACKGROUNDS.items():
            ratio = contrast(simulate(colour, vision), simulate(background, vision))
            assert ratio >= 3.0, f"{name}: {colour} on {where} with {vision}: contrast {ratio:.2f} < 3"


def test_loot_card_colours_are_told_apart_and_named():
    """Loot colours: distinct at a glance; with a deficiency the card also says its colour's window in words."""
    assert min_distance(list(LOOT_COLOURS.values()), "normal")[0] >= MIN_DE
    for vision in VISIONS:
        for colour in LOOT_COLOURS.values():
            assert contrast(simulate(colour, vision), hex_rgb("#ffffff")) >= 2.5, (colour, vision)


INKED = {
    **{f"Balada landscape {k}": v for k, v in LAND_STYLE.items()},
    **{f"Barcadia room type {k}": v for k, v in TYPE_STYLE.items()},
    **{f"Baldur's Gate district {k}": v for k, v in DISTRICT_STYLE.items()},
}


@pytest.mark.parametrize("vision", VISIONS)
def test_words_on_coloured_spaces_keep_their_contrast(vision):
    low = []
    for name, (fill, _edge, ink) in INKED.items():
        ratio = contrast(simulate(ink, vision), simulate(fill, vision))
        if ratio < 4.5:
            low.append(f"{name}: ink {ink} on {fill}: {ratio:.2f}")
    assert not low, f"with {vision}, words below 4.5:1 on their background:\n" + "\n".join(low)
