"""A scene (plan.py) as a web page: tiles, rack and cloth as boxes in CSS 3-D space under the
browser's perspective, jokers as SVG drawn here, numerals in renderer C's own fonts, light, blur and
noise as CSS and SVG filters. Every value written is a number or a name from plan.py."""

from __future__ import annotations

from urllib.parse import quote

from .plan import FONT_FINAL, FONT_FRESH, FONT_HELD_OUT, FONTS, Scene, Tile

#: every font renderer C draws, in the order shoot.py gives them to the page (family f0, f1 ...)
ALL_FONTS = [*FONTS, FONT_HELD_OUT, FONT_FRESH, FONT_FINAL]

TW, TH = 60.0, 80.0  # a tile's face in the page's units


def _joker(kind: str, ink: str) -> str:
    """A joker's face as SVG, in a 60 x 80 box: four editions drawn here."""
    if kind == "smile":
        body = (
            f'<circle cx="30" cy="38" r="19" fill="none" stroke="{ink}" stroke-width="4"/>'
            f'<circle cx="23" cy="33" r="3" fill="{ink}"/><circle cx="37" cy="33" r="3" fill="{ink}"/>'
            f'<path d="M20 43 Q30 54 40 43" fill="none" stroke="{ink}" stroke-width="4" stroke-linecap="round"/>'
        )
    elif kind == "letter":
        body = (
            f'<path d="M36 16 V46 Q36 58 25 58 Q16 58 15 49" fill="none" stroke="{ink}" '
            f'stroke-width="8" stroke-linecap="square"/><path d="M26 16 H44" stroke="{ink}" stroke-width="7"/>'
        )
    elif kind == "star":
        body = (
            f'<path d="M30 12 L36.5 30 L55 30 L40 41 L46 59 L30 48 L14 59 L20 41 L5 30 L23.5 30 Z" '
            f'fill="{ink}"/>'
        )
    else:  # a jester's cap with three bells
        body = (
            f'<path d="M12 52 L16 24 L24 42 L30 16 L36 42 L44 24 L48 52 Z" fill="{ink}"/>'
            f'<circle cx="16" cy="21" r="4" fill="{ink}"/><circle cx="30" cy="13" r="4" fill="{ink}"/>'
            f'<circle cx="44" cy="21" r="4" fill="{ink}"/><rect x="11" y="54" width="38" height="6" fill="{ink}"/>'
        )
    return f'<svg class="jk" viewBox="0 0 60 80" width="{TW:g}" height="{TH:g}">{body}</svg>'


def _face(t: Tile, s: Scene, k: int) -> str:
    e = s.tile
    if t.number == 0:
        inner = _joker(e["joker"], e["joker_ink"])
    else:
        ink = e["inks"][t.colour]
        squeeze = e["squeeze"] if t.number >= 10 else min(1.0, e["squeeze"] + 0.15)
        inner = (
            f'<span class="n" style="font-family:f{ALL_FONTS.index(e["font"])};font-size:{e["size"] * TH:.1f}px;'
            f"color:{ink};transform:translate(-50%,-50%) scaleX({squeeze:.3f});"
            f'top:{(0.42 + e["raise"]) * 100:.1f}%">{t.number}</span>'
        )
        if e["ring"]:
            inner += f'<i class="ring" style="border-color:{ink}"></i>'
    wear = "".join(
        f'<b class="w" style="left:{x * 100:.1f}%;top:{y * 100:.1f}%;width:{r * TW:.1f}px;'
        f'height:{r * TW * 0.7:.1f}px;background:{e["body"]}"></b>'
        for x, y, r in t.wear
    )
    shade = s.light["shade"]
    return (
        f'<div class="face" data-k="{k}" style="background:linear-gradient(rgba(0,0,0,{shade:.3f}),'
        f'rgba(0,0,0,0) 70%),{e["body"]};border-radius:{e["radius"] * TW:.1f}px">{inner}{wear}</div>'
    )


def _tile(t: Tile, s: Scene, k: int, x: float, y: float, z: float) -> str:
    e = s.tile
    d = e["depth"] * TW
    lift = d if s.mode == "flat" else 0.0
    edge = f"background:{e['body']};filter:brightness(0.82);height:{d:.1f}px"
    return (
        f'<div class="t" style="transform:translate3d({x:.1f}px,{y - lift - t.nudge * TH:.1f}px,{z:.1f}px) '
        f'rotateZ({t.turn:.2f}deg) rotateX({e["lean"]:.2f}deg)">'
        f'<div class="edge" style="{edge};top:0"></div><div class="edge" style="{edge};top:{TH:g}px"></div>'
        f"{_face(t, s, k)}</div>"
    )


def _rows(s: Scene) -> list[list[tuple[int, Tile]]]:
    rows: dict[int, list] = {}
    for k, t in enumerate(s.tiles):
        rows.setdefault(t.row, []).append((k, t))
    return [rows[r] for r in sorted(rows)]


def _rack(s: Scene) -> str:
    """The tiles in their rows, and (standing) the rack's ledges and back boards."""
    rows, pitch = _rows(s), TW * (1 + s.tile["gap"])
    width = s.tile["capacity"] * pitch
    # the camera looks at the tiles, wherever they sit along the rack: they are put about x = 0
    centre = sum(-width / 2 + (t.slot + 0.5) * pitch for t in s.tiles) / len(s.tiles)
    out = []
    for r, row in enumerate(rows):
        tier = len(rows) - 1 - r  # 0 the front
        if s.mode == "flat":
            y, z = 0.0, -tier * TH * 1.15
        else:
            y, z = -tier * TH * 0.85, -tier * TH * 0.7
        for k, t in row:
            out.append(_tile(t, s, k, -width / 2 + (t.slot + 0.5) * pitch - centre, y, z))
        if s.mode == "stand":
            out.extend(_rack_pieces(s, width + TW * 0.6, -centre, y, z))
    return "".join(out)


def _rack_pieces(s: Scene, long: float, x: float, y: float, z: float) -> list[str]:
    """One tier's back board and front ledge, ``long`` wide about ``x``, in pieces a tile wide: Chromium's
    software compositor left parts of a long rack in one piece (or in pieces two tiles wide)
    unpainted under some cameras."""
    out, piece, left = [], TW, x - long / 2
    while left < x + long / 2 - 0.5:
        w = min(piece, x + long / 2 - left)
        out.append(
            f'<div class="board" style="width:{w:.1f}px;height:{TH * 0.9:.1f}px;background:{s.rack};'
            f"transform:translate3d({left:.1f}px,{y - TH * 0.9:.1f}px,{z - s.tile['depth'] * TW - 2:.1f}px) "
            f'rotateX({s.tile["lean"] + 2:.1f}deg)"></div>'
            f'<div class="ledge" style="width:{w:.1f}px;height:{TH * 0.24:.1f}px;background:{s.rack};'
            f'transform:translate3d({left:.1f}px,{y - TH * 0.1:.1f}px,{z + TH * 0.14:.1f}px)"></div>'
        )
        left += piece
    return out


def _svg_url(svg: str) -> str:
    return "url('data:image/svg+xml," + quote(svg) + "')"


def _noise(seed: int, freq: float, alpha: float) -> str:
    return _svg_url(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><filter id="n">'
        f'<feTurbulence type="fractalNoise" baseFrequency="{freq}" numOctaves="2" seed="{seed}"/>'
        f'<feColorMatrix values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 {alpha} 0"/></filter>'
        f'<rect width="256" height="256" filter="url(#n)"/></svg>'
    )


def cloth(c: dict) -> tuple[str, str]:
    """The cloth's CSS background and its base colour."""
    h, u, n = c["hue"], 40 * c["scale"], _noise(c["seed"], 0.9, 0.35)
    kind = c["kind"]
    if kind == "felt":
        base = f"hsl({h:.0f},45%,27%)"
        return f"{n},{base}", base
    if kind == "wood":
        base = "hsl(28,45%,38%)"
        grain = (
            f"repeating-linear-gradient(90deg,hsl(28,50%,30%) 0 {u * 0.1:.1f}px,{base} {u * 0.3:.1f}px "
            f"{u * 0.6:.1f}px,hsl(30,40%,45%) {u * 0.8:.1f}px {u:.1f}px)"
        )
        return f"{_noise(c['seed'], 0.02, 0.4)},{grain}", base
    if kind == "gingham":
        tint = f"hsla({h:.0f},65%,45%,0.5)"
        return (
            f"repeating-linear-gradient(0deg,{tint} 0 {u / 2:.1f}px,transparent {u / 2:.1f}px {u:.1f}px),"
            f"repeating-linear-gradient(90deg,{tint} 0 {u / 2:.1f}px,transparent {u / 2:.1f}px {u:.1f}px),#f4f1ea",
            "#e8d8d8",
        )
    if kind == "dots":
        base = f"hsl({h:.0f},50%,35%)"
        return (
            f"radial-gradient(circle,hsl({(h + 180) % 360:.0f},60%,80%) 0 {u * 0.18:.1f}px,"
            f"transparent {u * 0.2:.1f}px) 0 0/{u:.1f}px {u:.1f}px,{base}",
            base,
        )
    if kind == "linen":
        base = f"hsl({h:.0f},20%,78%)"
        line = f"hsla({h:.0f},20%,50%,0.25)"
        return (
            f"{n},repeating-linear-gradient(0deg,{line} 0 1px,transparent 1px 4px),"
            f"repeating-linear-gradient(90deg,{line} 0 1px,transparent 1px 5px),{base}",
            base,
        )
    if kind == "dark":
        return f"{n},#1c1d20", "#1c1d20"
    if kind == "stripes":
        a, b = f"hsl({h:.0f},55%,40%)", f"hsl({(h + 40) % 360:.0f},35%,75%)"
        return f"repeating-linear-gradient(45deg,{a} 0 {u * 0.4:.1f}px,{b} {u * 0.4:.1f}px {u:.1f}px)", a
    if kind == "waves":  # c-final's alone: rows of scallops, two tones of one hue
        a, b = f"hsl({h:.0f},45%,42%)", f"hsl({h:.0f},35%,70%)"
        return (
            f"radial-gradient(circle at 50% 100%,{b} 0 {u * 0.3:.1f}px,{a} {u * 0.3:.1f}px {u * 0.4:.1f}px,"
            f"{b} {u * 0.4:.1f}px {u * 0.5:.1f}px,transparent {u * 0.5:.1f}px) 0 0/{u:.1f}px {u * 0.5:.1f}px,{a}",
            a,
        )
    if kind != "floral":
        raise ValueError(f"no cloth {kind!r}")
    # floral, c-holdout's alone: flowers of five petals on a light ground
    flower = (
        "".join(
            f'<circle cx="{20 + 9 * dx}" cy="{20 + 9 * dy}" r="7" fill="hsl({h:.0f},70%,60%)"/>'
            for dx, dy in ((0, -1), (0.95, -0.3), (0.6, 0.8), (-0.6, 0.8), (-0.95, -0.3))
        )
        + '<circle cx="20" cy="20" r="5" fill="#f2c230"/>'
    )
    tile_svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">{flower}</svg>'
    return f"{_svg_url(tile_svg)} 0 0/{u * 1.6:.1f}px {u * 1.6:.1f}px,#f3efe4", "#f3efe4"


STYLE = (
    """
*{margin:0;padding:0;box-sizing:border-box}
html,body{width:100%;height:100%;overflow:hidden}
#fit{position:absolute;left:0;top:0;transform-origin:0 0}
#stage{position:absolute;left:0;top:0;width:1px;height:1px;transform-style:preserve-3d}
#world,#turn,.t{position:absolute;left:0;top:0;transform-style:preserve-3d}
.t{width:TWpx_px;height:THpx_px;margin-left:-HWpx_px;margin-top:-THpx_px;transform-origin:50% 100%}
.face{position:absolute;inset:0;overflow:hidden;box-shadow:inset 0 -2px 3px rgba(0,0,0,.25)}
.edge{position:absolute;left:0;width:100%;transform-origin:50% 0;transform:rotateX(-90deg)}
.board,.ledge,.floor{position:absolute;left:0;top:0;transform-origin:50% 100%}
.ledge{box-shadow:inset 0 3px 4px rgba(255,255,255,.15),inset 0 -4px 6px rgba(0,0,0,.4)}
.board{background-image:linear-gradient(rgba(255,255,255,.08),rgba(0,0,0,.3))!important}
.n{position:absolute;left:50%;font-weight:700;line-height:1;white-space:nowrap}
.ring{position:absolute;left:30%;width:40%;height:14%;bottom:9%;border:2.5px solid;border-radius:50%}
.jk{position:absolute;left:0;top:0}
.w{position:absolute;border-radius:50%;opacity:.85}
.over{position:absolute;inset:0;pointer-events:none}
#thumb{position:absolute;display:none;border-radius:48% 48% 40% 40%}
""".replace("TWpx_", f"{TW:g}")
    .replace("THpx_", f"{TH:g}")
    .replace("HWpx_", f"{TW / 2:g}")
)


def page(s: Scene) -> str:
    """The whole page of one scene: the body's markup (shoot.py puts it in a page holding the fonts)."""
    W, H = s.size
    cam, light, after = s.camera, s.light, s.after
    background, base = cloth(s.cloth)
    # the cloth: a plane under the tiles, far behind them and toward the camera up to short of it
    # (a plane reaching behind the camera is not drawn), just below the rack's foot; the rack turns
    # on it (#turn), the cloth does not, so no corner of it swings behind the camera
    near, y = 0.7 * cam["lens"], (2.0 if s.mode == "flat" else TH * 0.14 + 2)
    floor = (
        f'<div class="floor" style="width:8000px;height:{4000 + near:.0f}px;background:{background};'
        f'transform:translate3d(-4000px,{y - 4000:.1f}px,0) rotateX(90deg);transform-origin:50% 4000px"></div>'
    )
    world = (
        f'<div id="world" style="transform:translate({W / 2:.1f}px,{H / 2:.1f}px) '
        f'rotateX({-cam["tilt"]:.2f}deg)">{floor}<div id="turn" style="transform:rotateY({cam["yaw"]:.2f}deg)">'
        f"{_rack(s)}</div></div>"
    )
    filters = [f"brightness({light['level']:.3f})"]
    if after["blur"]:
        filters.append(f"blur({after['blur']:.2f}px)")
    if after["shake"]:
        amount, axis = after["shake"]
        filters.append("url(#shake)")
    shake = (
        '<svg width="0" height="0" style="position:absolute"><filter id="shake">'
        f'<feGaussianBlur stdDeviation="{amount if axis == 0 else 0:.2f} {amount if axis == 1 else 0:.2f}"/>'
        "</filter></svg>"
        if after["shake"]
        else ""
    )
    glare = ""
    if light["glare"]:
        gx, gy, gr = light["glare"]
        glare = (
            f'<div class="over" style="mix-blend-mode:screen;background:radial-gradient(ellipse {gr * W:.0f}px '
            f"{gr * W * 0.5:.0f}px at {gx * 100:.0f}% {gy * 100:.0f}%,rgba(255,255,255,.85),"
            'rgba(255,255,255,0))"></div>'
        )
    cast = light["cast"]
    return (
        f"<style>{STYLE}body{{background:{base}}}</style>{shake}"
        f'<div id="root" class="over" style="filter:{" ".join(filters)}">'
        f'<div id="fit"><div id="stage" style="perspective:{cam["lens"]:.0f}px;'
        f'perspective-origin:{W / 2:.0f}px {H / 2:.0f}px;width:{W}px;height:{H}px">{world}</div></div>'
        f'<div id="thumb"></div>{glare}'
        f'<div class="over" style="mix-blend-mode:multiply;opacity:{light["cast_strength"]:.2f};'
        f'background:{cast}"></div>'
        f'<div class="over" style="background:radial-gradient(ellipse at 50% 50%,rgba(0,0,0,0) 55%,'
        f'rgba(0,0,0,{light["vignette"]:.2f}))"></div></div>'
        f'<div class="over" style="mix-blend-mode:overlay;opacity:{after["noise"] * 4:.2f};'
        f'background:{_noise(s.cloth["seed"] + 7, 0.85, 1)}"></div>'
    )
