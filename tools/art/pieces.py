"""Procedural Staunton chess pieces, modelled and rendered by this script.

Nothing is traced or taken from elsewhere: every piece is a small solid model
written below (surfaces of revolution given as profiles, spheres, boxes, and an
extruded, rounded Knight's head whose outline is a list of points), rendered
with numpy:

* the solid is cut into thin horizontal slices; seen by an orthographic camera
  a little above (ELEVATION), the highest slice that covers a pixel is what the
  pixel sees, so drawing the slices from the bottom up is an exact hidden-
  surface test for any solid;
* the normal is the gradient of the solid's field (negative inside), and a few
  samples of the field along the normal give ambient occlusion;
* a material (wood with growth rings, ivory, ebony, gold, marble with veins)
  is a solid texture of the 3-D point, lit by a key light, a fill light and a
  rim light;
* a dark or gold outline and a soft shadow are added outside the silhouette,
  and the frame is box-filtered down from SS times its size.

All twelve frames share one scale, one camera and one ground line, so every
set has the same layout: 0 King .. 5 Pawn White, 6 .. 11 Black.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import ndimage

from artlib import ValueNoise3, downsample, mix, rgb01, smoothstep, to_image

FRAME = 240
ELEVATION = math.radians(13.0)
SIN, COS = math.sin(ELEVATION), math.cos(ELEVATION)
GROUND_ROW = 214.0          # frame row (of 240) where the centre of the ground projects
VIEW = np.array([0.0, SIN, COS])


def _unit(v):
    v = np.asarray(v, dtype=np.float64)
    return v / np.linalg.norm(v)


KEY = _unit([-0.55, 0.70, 0.62])
FILL = _unit([0.75, 0.15, 0.55])
BACK = _unit([0.45, 0.35, -0.80])


# --------------------------------------------------------------------------
# Modelling
# --------------------------------------------------------------------------

class Profile:
    """A radius r(y) built upwards from the ground, segment by segment.

    out:    vertical at its start, horizontal at its end (a rounded top edge
            when it narrows, a cove under an overhang when it widens)
    into:   horizontal at its start, vertical at its end (a rounded bottom edge
            when it widens, a flared fillet when it narrows)
    line, smooth (vertical at both ends), power (r0 + (r1 - r0) t^k),
    bead:   a half-round ring that stands out e from the current radius.
    Every segment carries a tag (0 body, 1 trim) for the materials.
    """

    def __init__(self, r0: float, y0: float = 0.0):
        self.segs = []
        self.y, self.r = y0, r0

    def _add(self, dy, r1, f, tag):
        self.segs.append((self.y, self.y + dy, self.r, r1, f, tag))
        self.y += dy
        self.r = r1
        return self

    def line(self, dy, r1, tag=0):
        return self._add(dy, r1, lambda t: t, tag)

    def out(self, dy, r1, tag=0):
        return self._add(dy, r1, lambda t: 1 - np.sqrt(np.clip(1 - t * t, 0, 1)), tag)

    def into(self, dy, r1, tag=0):
        return self._add(dy, r1, lambda t: np.sqrt(np.clip(1 - (1 - t) ** 2, 0, 1)), tag)

    def smooth(self, dy, r1, tag=0):
        return self._add(dy, r1, lambda t: (1 - np.cos(np.pi * t)) / 2, tag)

    def power(self, dy, r1, k, tag=0):
        return self._add(dy, r1, lambda t: t ** k, tag)

    def bead(self, dy, e, tag=0):
        self.segs.append((self.y, self.y + dy, self.r, self.r, ("bead", e), tag))
        self.y += dy
        return self

    def sample(self, step: float = 0.05):
        ys, rs, tags = [], [], []
        for (y0, y1, r0, r1, f, tag) in self.segs:
            n = max(2, int(math.ceil((y1 - y0) / step)) + 1)
            t = np.linspace(0.0, 1.0, n)
            if isinstance(f, tuple):
                r = r0 + f[1] * np.sqrt(np.clip(1 - (2 * t - 1) ** 2, 0, 1))
            else:
                r = r0 + (r1 - r0) * f(t)
            ys.append(y0 + (y1 - y0) * t)
            rs.append(r)
            tags.append(np.full(n, tag))
        ys = np.concatenate(ys)
        rs = np.concatenate(rs)
        tags = np.concatenate(tags)
        # np.interp needs increasing xs: nudge equal ys apart
        ys = ys + np.arange(len(ys)) * 1e-9
        return ys, rs, tags


class Part:
    """A solid: field(x, y, z) < 0 inside; bound(y) -> (xmin, xmax, zmin, zmax)
    of its slice at height y, or None; tag(x, y, z) -> material tag."""

    ymin = 0.0
    ymax = 0.0

    def field(self, x, y, z):
        raise NotImplementedError

    def bound(self, y):
        raise NotImplementedError

    def tag(self, x, y, z):
        return np.zeros(np.shape(x), dtype=np.int64)


class Lathe(Part):
    def __init__(self, prof: Profile, cuts=None):
        self.ys, self.rs, self.tags = prof.sample()
        self.ymin, self.ymax = float(self.ys[0]), float(self.ys[-1])
        self.cuts = cuts or []          # regions to remove: where cut(x, y, z) > 0

    def radius(self, y):
        return np.interp(y, self.ys, self.rs, left=-1e3, right=-1e3)

    def field(self, x, y, z):
        f = np.hypot(x, z) - self.radius(y)
        for cut in self.cuts:
            f = np.maximum(f, cut(x, y, z))
        return f

    def bound(self, y):
        if y < self.ymin or y > self.ymax:
            return None
        r = float(np.interp(y, self.ys, self.rs)) + 0.5
        return (-r, r, -r, r)

    def tag(self, x, y, z):
        i = np.clip(np.searchsorted(self.ys, y), 0, len(self.ys) - 1)
        return self.tags[i].astype(np.int64)


class Sphere(Part):
    def __init__(self, c, r, tag=0):
        self.c = np.array(c, dtype=np.float64)
        self.r = r
        self.t = tag
        self.ymin, self.ymax = self.c[1] - r, self.c[1] + r

    def field(self, x, y, z):
        cx, cy, cz = self.c
        return np.sqrt((x - cx) ** 2 + (y - cy) ** 2 + (z - cz) ** 2) - self.r

    def bound(self, y):
        cx, cy, cz = self.c
        if abs(y - cy) > self.r:
            return None
        w = math.sqrt(self.r ** 2 - (y - cy) ** 2) + 0.5
        return (cx - w, cx + w, cz - w, cz + w)

    def tag(self, x, y, z):
        return np.full(np.shape(x), self.t, dtype=np.int64)


class RoundBox(Part):
    """An axis-aligned box with rounded edges: centre c, half sizes h, rounding k."""

    def __init__(self, c, h, k, tag=0):
        self.c = np.array(c, dtype=np.float64)
        self.h = np.array(h, dtype=np.float64)
        self.k = k
        self.t = tag
        self.ymin, self.ymax = self.c[1] - self.h[1], self.c[1] + self.h[1]

    def field(self, x, y, z):
        q = [np.abs(x - self.c[0]) - self.h[0] + self.k,
             np.abs(y - self.c[1]) - self.h[1] + self.k,
             np.abs(z - self.c[2]) - self.h[2] + self.k]
        outside = np.sqrt(sum(np.maximum(a, 0) ** 2 for a in q))
        inside = np.minimum(np.maximum(np.maximum(q[0], q[1]), q[2]), 0)
        return outside + inside - self.k

    def bound(self, y):
        if y < self.ymin or y > self.ymax:
            return None
        return (self.c[0] - self.h[0] - .5, self.c[0] + self.h[0] + .5,
                self.c[2] - self.h[2] - .5, self.c[2] + self.h[2] + .5)

    def tag(self, x, y, z):
        return np.full(np.shape(x), self.t, dtype=np.int64)


class Relief(Part):
    """A flat shape in the x-y plane, thickened both ways in z by a height map
    zh(x, y) (rounded at the outline): the Knight's head."""

    def __init__(self, zh: np.ndarray, x0: float, y0: float, step: float):
        self.zh = zh                    # rows = y (upwards from y0), cols = x from x0
        self.x0, self.y0, self.step = x0, y0, step
        rows = np.where((zh > 0).any(axis=1))[0]
        self.ymin = y0 + rows[0] * step
        self.ymax = y0 + rows[-1] * step
        self.zmax = float(zh.max())

    def height(self, x, y):
        fx = (np.asarray(x) - self.x0) / self.step
        fy = (np.asarray(y) - self.y0) / self.step
        return ndimage.map_coordinates(self.zh, [np.broadcast_to(fy, np.shape(fx)).ravel(),
                                                 np.ravel(fx)],
                                       order=1, mode="constant", cval=-5.0).reshape(np.shape(fx))

    def field(self, x, y, z):
        y = np.broadcast_to(y, np.shape(x))
        return np.abs(z) - self.height(x, y)

    def bound(self, y):
        if y < self.ymin or y > self.ymax:
            return None
        r = int(round((y - self.y0) / self.step))
        row = self.zh[max(r - 1, 0):r + 2].max(axis=0)
        cols = np.where(row > 0)[0]
        if len(cols) == 0:
            return None
        return (self.x0 + cols[0] * self.step - 1, self.x0 + cols[-1] * self.step + 1,
                -self.zmax - 1, self.zmax + 1)


class Solid:
    def __init__(self, parts, name=""):
        self.parts = parts
        self.name = name

    def field(self, x, y, z, parts=None):
        parts = self.parts if parts is None else parts
        f = None
        for p in parts:
            g = p.field(x, y, z)
            f = g if f is None else np.minimum(f, g)
        return f

    def argmin(self, x, y, z):
        fs = np.stack([p.field(x, y, z) for p in self.parts])
        return np.argmin(fs, axis=0)

    def tags(self, x, y, z):
        which = self.argmin(x, y, z)
        out = np.zeros(np.shape(x), dtype=np.int64)
        for i, p in enumerate(self.parts):
            m = which == i
            if m.any():
                out[m] = p.tag(x[m], y[m], z[m])
        return out

    @property
    def ymax(self):
        return max(p.ymax for p in self.parts)


# --------------------------------------------------------------------------
# The six Staunton pieces (design units: pixels of a 240 px frame)
# --------------------------------------------------------------------------

def _foot(R: float) -> Profile:
    """The common foot: a rounded disc, a fillet, a bead, then a flare."""
    p = Profile(R - 4)
    p.into(3, R).line(6, R).out(6, R - 7)
    p.into(2, R - 11).bead(7, 4.5, tag=1)
    return p


def king() -> Solid:
    p = _foot(64)
    p.into(26, 25).line(42, 21)                       # flare, stem (y ~ 98)
    p.into(3, 37, tag=1).line(3, 37, tag=1).out(3, 22, tag=1)   # collar
    p.bead(5, 3.5).line(1, 21)
    p.power(38, 40, 1.9)                              # the crown's bowl (~146)
    p.into(2, 44, tag=1).line(4, 44, tag=1).out(3, 38, tag=1)   # rim
    p.smooth(9, 15).line(2, 13).out(3, 0)             # lid and knob (~169)
    body = Lathe(p)
    top = p.y - 4
    cross = [RoundBox((0, top + 13, 0), (4.6, 13, 4.2), 1.6, tag=2),
             RoundBox((0, top + 16, 0), (12.5, 4.4, 4.2), 1.6, tag=2)]
    return Solid([body] + cross, "king")


def queen() -> Solid:
    p = _foot(62)
    p.into(24, 24).line(38, 19)                       # y ~ 91
    p.into(3, 35, tag=1).line(3, 35, tag=1).out(3, 20, tag=1)
    p.bead(5, 3.5).line(1, 19)
    p.power(38, 40, 1.8)                              # bowl to ~144
    p.into(2, 43, tag=1).line(3, 43, tag=1)
    rim_y = p.y
    p.line(9, 42)                                     # the coronet's wall
    top_y = p.y
    cup = Lathe(p)

    n_pts = 8
    valley = rim_y + 3.0

    # the cup is the lathe minus what stands above the scalloped crest, and
    # minus its inside (radius 34) above the rim
    def cut(x, y, z):
        th = np.arctan2(x, z)
        s = np.abs(np.cos(n_pts * th / 2))
        crest = valley + (top_y - valley) * s ** 4
        above = y - crest                      # > 0 above the crest: cut there
        hollow = np.minimum(34.0 - np.hypot(x, z), y - (rim_y + 1.0))  # > 0 inside the cup
        return np.maximum(above, hollow)

    cup.cuts.append(cut)
    balls = []
    for i in range(n_pts):
        th = 2 * math.pi * i / n_pts
        rr = 39.5
        balls.append(Sphere((rr * math.sin(th), top_y + 2.0, rr * math.cos(th)), 4.6, tag=1))
    d = Profile(33, rim_y)
    d.smooth(14, 12).line(2, 10).out(3, 0)
    dome = Lathe(d)
    knob = Sphere((0, d.y + 4.0, 0), 7.0, tag=1)
    return Solid([cup, dome, knob] + balls, "queen")


def rook() -> Solid:
    p = _foot(62)
    p.into(10, 46).power(58, 38, 0.8)                 # the tower (y ~ 85)
    p.into(3, 46, tag=1).line(3, 46, tag=1).out(2, 42, tag=1)   # collar
    p.line(1, 42).power(22, 48, 1.6)                  # the turret flares (~116)
    p.into(1, 50, tag=1).line(16, 50)                 # the battlement (~133)
    top = p.y
    body = Lathe(p)
    n = 6
    floor_y = top - 11.0

    def cut(x, y, z):
        th = np.arctan2(x, z) + math.pi / n          # a gap in front, centred
        k = np.round(th / (2 * math.pi / n))
        d = np.abs(th - k * 2 * math.pi / n) * np.hypot(x, z)   # arc distance to a gap's middle
        gap = np.minimum(8.5 - d, y - (top - 10.0))  # > 0 in a crenel
        hollow = np.minimum(39.0 - np.hypot(x, z), y - floor_y)
        return np.maximum(gap, hollow)

    body.cuts.append(cut)
    return Solid([body], "rook")


def bishop() -> Solid:
    p = _foot(58)
    p.into(22, 23).line(34, 18)                       # y ~ 84
    p.into(3, 33, tag=1).line(3, 33, tag=1).out(3, 18, tag=1)
    p.bead(4, 3).line(1, 16)
    p.smooth(21, 31).out(36, 6)                       # the mitre, an egg (~152)
    body = Lathe(p)
    neck_y = p.y
    # the mitre's slit: a slab cut diagonally into the front
    a = math.radians(36)
    nx, ny = math.cos(a), math.sin(a)
    cx, cy = 2.0, 132.0

    def slit(x, y, z):
        d = np.abs((x - cx) * nx + (y - cy) * ny)
        return np.minimum(np.minimum(3.0 - d, z + 4.0), 150.5 - y)

    body.cuts.append(slit)
    bead = Lathe(Profile(4.5, neck_y - 2).line(1, 8).bead(3, 0.5).out(2, 4))
    knob = Sphere((0, neck_y + 8.0, 0), 7.5, tag=1)
    return Solid([body, bead, knob], "bishop")


def pawn() -> Solid:
    p = _foot(54)
    p.into(20, 19).line(14, 16)                       # y ~ 57
    p.into(3, 31, tag=1).line(2, 31, tag=1).out(3, 14, tag=1)   # the collar (~65)
    p.line(4, 13)
    body = Lathe(p)
    head = Sphere((0, p.y + 20.0, 0), 24.0)
    return Solid([body, head], "pawn")


# The Knight's head, facing left: a closed outline (x, y), a '*' after a point
# keeps a sharp corner there; smoothed with a Catmull-Rom spline.
KNIGHT_OUTLINE = [
    (-28, 20), (-34, 34), (-38, 50), (-40, 66), (-42, 80),
    (-48, 90), (-58, 96), (-70, 100), (-80, 104),
    (-87, 109), (-90, 114), (-84, 117, "*"), (-91, 121),
    (-94, 127), (-94, 134), (-90, 140),
    (-80, 146), (-66, 152), (-54, 158),
    (-44, 163), (-38, 176, "*"), (-30, 166),
    (-22, 163), (-12, 161),
    (-2, 157), (10, 149), (20, 137), (28, 121), (33, 102),
    (37, 82), (39, 62), (41, 44), (44, 20, "*"),
]
KNIGHT_SHIFT = 22.0


def _catmull_rom(points, samples=14):
    pts = [(p[0], p[1]) for p in points]
    sharp = [len(p) > 2 for p in points]
    n = len(pts)
    out = []
    for i in range(n):
        p0, p1, p2, p3 = (np.array(pts[(i + k) % n], dtype=np.float64) for k in (-1, 0, 1, 2))
        if sharp[i]:
            p0 = p1 - (p2 - p1)
        if sharp[(i + 1) % n]:
            p3 = p2 + (p2 - p1)
        for t in np.linspace(0, 1, samples, endpoint=False):
            t2, t3 = t * t, t * t * t
            q = 0.5 * ((2 * p1) + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2
                       + (-p0 + 3 * p1 - 3 * p2 + p3) * t3)
            out.append(q)
    return np.array(out)


def _polyline_dist(px, py, line):
    """Distance from points to a polyline [(x, y), ...]."""
    best = np.full(px.shape, 1e9)
    for (ax, ay), (bx, by) in zip(line[:-1], line[1:]):
        dx, dy = bx - ax, by - ay
        t = np.clip(((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy), 0, 1)
        best = np.minimum(best, np.hypot(px - ax - t * dx, py - ay - t * dy))
    return best


def knight() -> Solid:
    from PIL import Image, ImageDraw

    p = _foot(60)
    p.into(6, 44).line(5, 44).out(3, 38)               # a low plinth (~27)
    base = Lathe(p)

    step = 0.25
    x0, y0 = -90.0, 10.0
    w, h = int(180 / step), int(180 / step)
    outline = _catmull_rom(KNIGHT_OUTLINE)
    outline[:, 0] += KNIGHT_SHIFT
    # rasterise the outline at 4x the grid, average down: a coverage mask
    k = 4
    img = Image.new("L", (w * k, h * k), 0)
    poly = [((x - x0) / step * k, (h - (y - y0) / step) * k) for x, y in outline]
    ImageDraw.Draw(img).polygon(poly, fill=255)
    cov = np.asarray(img, dtype=np.float64).reshape(h, k, w, k).mean(axis=(1, 3)) / 255.0
    cov = cov[::-1]                                     # rows upwards
    inside = cov > 0.5
    dist = ndimage.distance_transform_edt(inside) * step + (cov - 0.5) * step

    gy, gx = np.mgrid[0:h, 0:w].astype(np.float64)
    X = x0 + gx * step - KNIGHT_SHIFT                  # in the outline's own coordinates
    Y = y0 + gy * step

    # thickness: a stout neck, a narrower face, thin ears
    T = 21.0 - 5.5 * smoothstep(-40, -90, X) * smoothstep(92, 112, Y)
    T = T - 11.0 * smoothstep(158, 168, Y) * smoothstep(-52, -40, X) * smoothstep(-14, -26, X)
    T = T + 3.0 * np.exp(-((X + 38) ** 2 + (Y - 118) ** 2) / (2 * 13 ** 2))    # the cheek
    bevel = 15.0
    d = np.clip(dist / bevel, 0, 1)
    zh = T * np.sqrt(np.clip(1 - (1 - d) ** 2, 0, 1))

    def groove(line, depth, width):
        g = _polyline_dist(X, Y, line)
        return depth * np.exp(-(g / width) ** 2)

    zh -= groove([(-85, 117.5), (-74, 116), (-64, 114)], 3.5, 1.6)            # the mouth
    zh -= groove([(-86, 132), (-85, 133)], 3.0, 2.6)                           # the nostril
    zh -= groove([(-52, 141), (-48, 142)], 3.2, 3.0)                           # the eye
    zh += 1.8 * np.exp(-((X + 50) ** 2 + (Y - 147) ** 2) / (2 * 4.0 ** 2))      # the brow
    zh -= groove([(-54, 100), (-42, 106), (-32, 118), (-28, 134)], 2.0, 1.8)   # the jaw's line
    mane = [(-14, 156), (-2, 151), (9, 143), (18, 131), (24, 116), (28, 99),
            (31, 80), (33, 60), (35, 42)]
    zh -= groove(mane, 2.6, 1.8)
    # the mane's locks: short strokes across the strip behind that line
    for (ax, ay), (bx, by) in zip(mane[:-1], mane[1:]):
        mx, my = (ax + bx) / 2, (ay + by) / 2
        tx, ty = bx - ax, by - ay
        ln = math.hypot(tx, ty)
        nx, ny = ty / ln, -tx / ln                    # pointing out of the back
        zh -= groove([(mx + 1 * nx, my + 1 * ny), (mx + 9 * nx - 3 * tx / ln, my + 9 * ny - 3 * ty / ln)],
                     1.2, 1.3)
    zh = np.where(inside, np.maximum(zh, 0.3), -5.0)
    head = Relief(zh, x0, y0, step)
    return Solid([base, head], "knight")


SOLIDS = [king, queen, rook, bishop, knight, pawn]


# --------------------------------------------------------------------------
# Rendering the geometry
# --------------------------------------------------------------------------

class GBuffer:
    pass


def render_geometry(solid: Solid, ss: int) -> GBuffer:
    n = FRAME * ss
    col_x = (np.arange(n) + 0.5) / ss - FRAME / 2            # design x of each column
    row_y = GROUND_ROW - (np.arange(n) + 0.5) / ss           # screen "up" of each row
    hit = np.zeros((n, n), dtype=bool)
    P = np.zeros((n, n, 3))
    dy = 0.7 / (ss * COS)
    y = 0.0
    ytop = solid.ymax + 0.5
    while y <= ytop:
        bounds = [(p, p.bound(y)) for p in solid.parts if p.ymin - 0.5 <= y <= p.ymax + 0.5]
        bounds = [(p, b) for p, b in bounds if b is not None]
        if bounds:
            xmin = min(b[0] for _, b in bounds)
            xmax = max(b[1] for _, b in bounds)
            zmin = min(b[2] for _, b in bounds)
            zmax = max(b[3] for _, b in bounds)
            c0 = max(int(math.floor((xmin + FRAME / 2) * ss)), 0)
            c1 = min(int(math.ceil((xmax + FRAME / 2) * ss)) + 1, n)
            up_hi = y * COS - zmin * SIN
            up_lo = y * COS - zmax * SIN
            r0 = max(int(math.floor((GROUND_ROW - up_hi) * ss)), 0)
            r1 = min(int(math.ceil((GROUND_ROW - up_lo) * ss)) + 1, n)
            if c1 > c0 and r1 > r0:
                xs = np.broadcast_to(col_x[c0:c1][None, :], (r1 - r0, c1 - c0))
                zs = np.broadcast_to(((y * COS - row_y[r0:r1]) / SIN)[:, None], xs.shape)
                f = solid.field(xs, y, zs, parts=[p for p, _ in bounds])
                inside = f <= 0
                if inside.any():
                    sub = hit[r0:r1, c0:c1]
                    sub |= inside
                    Ps = P[r0:r1, c0:c1]
                    Ps[inside, 0] = xs[inside]
                    Ps[inside, 1] = y
                    Ps[inside, 2] = zs[inside]
        y += dy

    g = GBuffer()
    g.ss = ss
    g.mask = hit
    idx = np.nonzero(hit)
    pts = P[idx]
    # the slice that hit a pixel holds the surface somewhere between itself and
    # the slice above: find it on the pixel's ray by bisection, so that the
    # point (and what is computed from it) has no steps from the slicing
    lo = np.zeros(len(pts))
    hi = np.full(len(pts), dy / SIN)
    for _ in range(10):
        mid = (lo + hi) / 2
        q = pts + mid[:, None] * VIEW
        inside = solid.field(q[:, 0], q[:, 1], q[:, 2]) <= 0
        lo = np.where(inside, mid, lo)
        hi = np.where(inside, hi, mid)
    pts = pts + lo[:, None] * VIEW
    x, yy, z = pts[:, 0], pts[:, 1], pts[:, 2]
    h = 0.35
    fx = solid.field(x + h, yy, z) - solid.field(x - h, yy, z)
    fy = solid.field(x, yy + h, z) - solid.field(x, yy - h, z)
    fz = solid.field(x + 0 * h, yy, z + h) - solid.field(x, yy, z - h)
    nrm = np.stack([fx, fy, fz], axis=1)
    nrm /= np.maximum(np.linalg.norm(nrm, axis=1, keepdims=True), 1e-9)
    # the normal must face the camera (a hit seen edge-on can round the other way)
    facing = nrm @ VIEW
    nrm[facing < 0] -= 2 * facing[facing < 0, None] * VIEW
    nrm /= np.maximum(np.linalg.norm(nrm, axis=1, keepdims=True), 1e-9)
    ao = np.ones(len(x))
    for i, dist in enumerate([1.5, 3.5, 6.0, 9.0]):
        q = pts + nrm * dist
        s = solid.field(q[:, 0], q[:, 1], q[:, 2])
        ao -= 0.55 * np.clip(dist - s, 0, None) / dist / (2 ** i)
    g.idx = idx
    g.P = pts
    g.n = nrm
    g.ao = np.clip(ao, 0.0, 1.0)
    g.tag = solid.tags(x, yy, z)
    g.depth = yy * SIN + z * COS
    return g


# --------------------------------------------------------------------------
# Materials
# --------------------------------------------------------------------------

_N3 = ValueNoise3(np.random.default_rng(777), 64)


def wood_albedo(P, base, dark, light, period, axis, rings=0.5, fibres=0.35, seed=0.0):
    x, y, z = P[:, 0] + seed * 37.0, P[:, 1], P[:, 2]
    ax, az = axis
    d = np.hypot(x - ax, z - az)
    warp = (_N3.fbm(x / 26.0, y / 70.0, z / 26.0, 3) - 0.5) * 10.0
    t = (d + warp) / period
    ph = t - np.floor(t)
    ring = np.exp(-((ph - 0.55) ** 2) / (2 * 0.11 ** 2)) * (0.6 + 0.4 * _N3(x / 9, y / 40, z / 9))
    fib = _N3.fbm(x / 0.9 + 40, y / 24.0, z / 0.9, 2) - 0.5
    tone = _N3.fbm(x / 45.0 + 9, y / 60.0, z / 45.0, 2) - 0.5
    w = np.clip(rings * ring + fibres * fib, 0, 1)
    col = mix(base, dark, w)
    col = mix(col, light, np.clip(tone * 1.6, 0, 1))
    return col


def marble_albedo(P, base, vein, vein2, scale=38.0, seed=0.0, cloud=0.10, strength=1.0):
    x, y, z = P[:, 0] / scale + seed, P[:, 1] / scale, P[:, 2] / scale
    turb = _N3.fbm(x * 1.3, y * 1.3, z * 1.3, 5)
    s = np.sin((x * 1.7 + y * 1.1 + z * 0.6) * 2.4 + turb * 9.0)
    v1 = 1 - smoothstep(0.0, 0.16, np.abs(s))
    s2 = np.sin((x * -0.9 + y * 1.9 + z * 0.4) * 3.7 + turb * 13.0 + 2.0)
    v2 = 1 - smoothstep(0.0, 0.07, np.abs(s2))
    mottle = _N3.fbm(x * 3 + 4, y * 3, z * 3, 3) - 0.5
    col = base * (1 + cloud * mottle[:, None])
    col = mix(col, vein, np.clip(v1 * (0.55 + 0.6 * (turb - 0.35)), 0, 1) * strength)
    col = mix(col, vein2, v2 * 0.55 * strength)
    return col


def ivory_albedo(P, base, streak):
    x, y, z = P[:, 0], P[:, 1], P[:, 2]
    s = _N3.fbm(x / 1.6, y / 30.0, z / 1.6, 3) - 0.5
    tone = _N3.fbm(x / 40 + 3, y / 50, z / 40, 2) - 0.5
    col = mix(base, streak, np.clip(0.5 + s * 1.4, 0, 1) * 0.35)
    return col * (1 + 0.05 * tone[:, None])


class Look:
    """How one Side of one set is coloured and lit."""

    def __init__(self, albedo, spec=0.2, shine=30.0, spec_col=(1, 1, 1), amb=0.42, key=0.78,
                 fill=0.18, rim=0.0, rim_col=(1, 1, 1), wrap=0.25, outline="#000000",
                 outline_w=2.6, trim=None, cross_trim=False):
        self.albedo = albedo
        self.spec, self.shine = spec, shine
        self.spec_col = np.array(spec_col, dtype=np.float64)
        self.amb, self.key, self.fill = amb, key, fill
        self.rim, self.rim_col = rim, np.array(rim_col, dtype=np.float64)
        self.wrap = wrap
        self.outline = rgb01(outline)
        self.outline_w = outline_w
        self.trim = trim                # a Look for the parts tagged trim (gold), or None
        self.cross_trim = cross_trim


def _light(look: Look, alb, n, ao):
    ndl = n @ KEY
    diff = np.clip((ndl + look.wrap) / (1 + look.wrap), 0, 1)
    fill = np.clip(n @ FILL, 0, 1)
    half = _unit(KEY + VIEW)
    spec = np.clip(n @ half, 0, 1) ** look.shine
    nv = np.clip(n @ VIEW, 0, 1)
    fres = (1 - nv) ** 3
    back = np.clip(n @ BACK + 0.3, 0, 1) * fres
    sky = 0.5 + 0.5 * n[:, 1]                     # faces turned up get more of the room's light
    light = (look.amb * (0.75 + 0.25 * sky) * ao + look.key * diff * (0.55 + 0.45 * ao)
             + look.fill * fill * ao)
    col = alb * light[:, None]
    col += look.spec * (spec * ao)[:, None] * look.spec_col
    col += look.rim * (back * ao)[:, None] * look.rim_col
    return col


def shade(g: GBuffer, look: Look, trim_look: Look | None) -> np.ndarray:
    alb = look.albedo(g.P)
    col = _light(look, alb, g.n, g.ao)
    if trim_look is not None:
        m = g.tag >= 1 if look.cross_trim else g.tag == 1
        if m.any():
            alb_t = trim_look.albedo(g.P[m])
            col[m] = _light(trim_look, alb_t, g.n[m], g.ao[m])
    return col


def gold_look():
    base = rgb01("#C9A13F")

    def alb(P):
        t = _N3.fbm(P[:, 0] / 6, P[:, 1] / 6, P[:, 2] / 6, 2)
        return mix(base * 0.9, rgb01("#E6C66A"), t)
    return Look(alb, spec=0.9, shine=26.0, spec_col=(1.0, 0.93, 0.70), amb=0.35, key=0.85,
                fill=0.25, rim=0.5, rim_col=(1.0, 0.85, 0.5), wrap=0.1)


# --------------------------------------------------------------------------
# Compositing a frame
# --------------------------------------------------------------------------

SHADOW_OFFSET = (2.5, 2.0)         # design px, right and down


def compose(g: GBuffer, col: np.ndarray, look: Look, base_r: float) -> np.ndarray:
    ss = g.ss
    n = FRAME * ss
    rgb = np.zeros((n, n, 3))
    rgb[g.idx] = np.clip(col, 0, 1)
    mask = g.mask
    # soft edge inside the silhouette is given by the supersampling; the
    # outline: everything within outline_w of the piece, outside it
    dist_out = ndimage.distance_transform_edt(~mask) / ss
    ow = look.outline_w
    outline_a = np.clip(ow - dist_out + 0.5 / ss, 0, 1) * (~mask)
    # the shadow: the silhouette and outline, blurred and shifted, plus a
    # contact shadow on the ground under the foot
    solid_a = np.maximum(mask.astype(np.float64), outline_a)
    sh = ndimage.gaussian_filter(solid_a, 2.6 * ss)
    sh = ndimage.shift(sh, (SHADOW_OFFSET[1] * ss, SHADOW_OFFSET[0] * ss), order=1)
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float64) / ss
    ex = (xx - FRAME / 2 - 1.5) / (base_r + 5)
    ey = (yy - GROUND_ROW - 1.5) / ((base_r + 5) * SIN + 3)
    contact = np.clip(1.15 - np.hypot(ex, ey), 0, 1)
    contact = ndimage.gaussian_filter(contact, 1.5 * ss)
    shadow_a = np.clip(0.30 * sh + 0.38 * contact, 0, 0.6)

    out = np.zeros((n, n, 4))
    # shadow (black), then the outline, then the piece
    out[..., 3] = shadow_a
    a_ol = outline_a
    out[..., :3] = (look.outline[None, None, :] * a_ol[..., None])
    a = a_ol + shadow_a * (1 - a_ol)
    out[..., :3] = np.where(a[..., None] > 0, out[..., :3] / np.maximum(a, 1e-9)[..., None], 0)
    out[..., 3] = a
    out[mask, :3] = rgb[mask]
    out[mask, 3] = 1.0
    return downsample(out, ss)


BASE_R = {"king": 64, "queen": 62, "rook": 62, "bishop": 58, "knight": 60, "pawn": 54}


def render_set(geoms, looks, trims=(None, None)) -> np.ndarray:
    """geoms: the six GBuffers (K Q R B N P); looks: (white, black)."""
    frames = []
    for side in (0, 1):
        for g, name in geoms:
            col = shade(g, looks[side], trims[side])
            frames.append(compose(g, col, looks[side], BASE_R[name]))
    return np.concatenate(frames, axis=1)


def geometries(ss: int):
    out = []
    for make in SOLIDS:
        s = make()
        out.append((render_geometry(s, ss), s.name))
    return out


# --------------------------------------------------------------------------
# The three sets
# --------------------------------------------------------------------------

def walnut_looks():
    box = dict(base=rgb01("#F5E4BC"), dark=rgb01("#DDBC84"), light=rgb01("#FCF3DC"))
    wal = dict(base=rgb01("#533522"), dark=rgb01("#28170C"), light=rgb01("#704B31"))
    white = Look(lambda P: wood_albedo(P, box["base"], box["dark"], box["light"], 11.0, (140, -60),
                                       rings=0.22, fibres=0.16),
                 spec=0.22, shine=22, spec_col=(1, 0.97, 0.9), amb=0.46, key=0.70, fill=0.16,
                 rim=0.10, rim_col=(1, 0.95, 0.85), outline="#3A2312", outline_w=2.6)
    black = Look(lambda P: wood_albedo(P, wal["base"], wal["dark"], wal["light"], 5.5, (-120, -80),
                                       rings=0.55, fibres=0.35, seed=3.0),
                 spec=0.30, shine=26, spec_col=(1, 0.9, 0.78), amb=0.40, key=0.80, fill=0.18,
                 rim=0.55, rim_col=(0.95, 0.75, 0.55), outline="#140B05", outline_w=2.6)
    return (white, black), (None, None)


def ivory_looks():
    white = Look(lambda P: ivory_albedo(P, rgb01("#F6EEDB"), rgb01("#E6D6B4")),
                 spec=0.45, shine=48, amb=0.48, key=0.66, fill=0.16, rim=0.08,
                 outline="#3B2E1A", outline_w=2.6, cross_trim=True)
    black = Look(lambda P: ivory_albedo(P, rgb01("#1B1714"), rgb01("#2E2722")),
                 spec=0.55, shine=44, spec_col=(0.95, 0.92, 0.88), amb=0.45, key=0.75, fill=0.2,
                 rim=0.45, rim_col=(0.85, 0.75, 0.55), outline="#C9A23E", outline_w=2.8,
                 cross_trim=True)
    g = gold_look()
    return (white, black), (g, g)


def marble_looks():
    white = Look(lambda P: marble_albedo(P, rgb01("#F1EFEA"), rgb01("#8E9296"), rgb01("#B9BCC0"),
                                         scale=34.0, seed=1.7),
                 spec=0.32, shine=36, amb=0.52, key=0.60, fill=0.16, wrap=0.45, rim=0.08,
                 outline="#2A2D31", outline_w=2.6)
    black = Look(lambda P: marble_albedo(P, rgb01("#1A2A23"), rgb01("#5E8A74"), rgb01("#D8E2DC"),
                                         scale=30.0, seed=6.1, cloud=0.25, strength=0.8),
                 spec=0.45, shine=40, spec_col=(0.9, 1.0, 0.95), amb=0.45, key=0.80, fill=0.2,
                 wrap=0.35, rim=0.50, rim_col=(0.7, 0.9, 0.8), outline="#07100C", outline_w=2.6)
    return (white, black), (None, None)


SETS = {
    "walnut": walnut_looks,
    "ivory": ivory_looks,
    "marble": marble_looks,
}


def make_set(name: str, geoms):
    looks, trims = SETS[name]()
    return to_image(render_set(geoms, looks, trims))


# --------------------------------------------------------------------------
# The token for Kinds with no art
# --------------------------------------------------------------------------

def make_token(ss: int = 4):
    """Two frames: a light token and a dark token, seen from above, no letter."""
    n = FRAME * ss
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float64)
    cx = cy = n / 2
    r = np.hypot(xx + 0.5 - cx, yy + 0.5 - cy) / ss         # design px from the centre
    R = 92.0
    # height: a flat top with a rounded rim and a shallow groove inside it
    t = np.clip((R - r) / 9.0, 0, 1)
    h = 9.0 * np.sqrt(np.clip(1 - (1 - t) ** 2, 0, 1))
    h -= 1.6 * np.exp(-((r - (R - 17)) / 2.2) ** 2)
    h = np.where(r <= R, h, 0)
    gy, gx = np.gradient(h, 1.0 / ss)
    nrm = np.stack([-gx, gy, np.ones_like(h)], axis=-1)       # y up on the screen
    nrm /= np.linalg.norm(nrm, axis=-1, keepdims=True)
    inside = r <= R
    frames = []
    light_dir = _unit([-0.5, 0.6, 0.75])
    tokens = [
        (rgb01("#F3EBD8"), rgb01("#3A2C1C"), 0.35),
        (rgb01("#2B2420"), rgb01("#C9A23E"), 0.45),
    ]
    for base, outline, gloss in tokens:
        d = np.clip(nrm @ light_dir, 0, 1)
        half = _unit(light_dir + np.array([0, 0, 1.0]))
        sp = np.clip(nrm @ half, 0, 1) ** 40
        tone = 1 - 0.10 * (r / R) ** 2
        col = base * (0.55 + 0.5 * d)[..., None] * tone[..., None] + gloss * sp[..., None]
        dist_out = np.clip(r - R, 0, None)
        ol = np.clip(3.0 - dist_out, 0, 1) * (r > R)
        sh = ndimage.gaussian_filter(inside.astype(np.float64), 3 * ss)
        sh = ndimage.shift(sh, (2.5 * ss, 2.0 * ss), order=1) * 0.35
        out = np.zeros((n, n, 4))
        a = ol + sh * (1 - ol)
        out[..., :3] = outline * (ol / np.maximum(a, 1e-9))[..., None]
        out[..., 3] = a
        out[inside, :3] = np.clip(col[inside], 0, 1)
        out[inside, 3] = 1
        frames.append(downsample(out, ss))
    return to_image(np.concatenate(frames, axis=1))
