"""Small helpers shared by the art scripts: PNG writing, noise, colour."""

from __future__ import annotations

import os

import numpy as np
from PIL import Image

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_OUT = os.path.join(REPO_ROOT, "content", "chess", "art")


def save_png(img: Image.Image, path: str) -> None:
    # Pillow writes no timestamp, so the same pixels give the same bytes.
    img.save(path, format="PNG", optimize=True)
    try:
        shown = os.path.relpath(path, REPO_ROOT)
    except ValueError:
        shown = path
    print(f"wrote {shown}  {img.width}x{img.height}  {os.path.getsize(path)} bytes", flush=True)


def hex_rgb(h: str) -> np.ndarray:
    """'#RRGGBB' as floats 0..255."""
    h = h.lstrip("#")
    return np.array([int(h[i:i + 2], 16) for i in (0, 2, 4)], dtype=np.float64)


def rgb01(h: str) -> np.ndarray:
    """'#RRGGBB' as floats 0..1."""
    return hex_rgb(h) / 255.0


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3 - 2 * t)


def mix(a, b, t):
    t = np.asarray(t)
    if t.ndim and np.ndim(a) and np.shape(a)[-1:] == (3,) and t.shape[-1:] != (3,):
        t = t[..., None]
    return a * (1 - t) + b * t


class ValueNoise:
    """Smooth 2-D value noise on a periodic lattice of random values."""

    def __init__(self, rng: np.random.Generator, period: int = 256):
        self.p = period
        self.v = rng.random((period, period))

    def __call__(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        xi = np.floor(x)
        yi = np.floor(y)
        fx = x - xi
        fy = y - yi
        # quintic fade for smooth derivatives
        fx = fx * fx * fx * (fx * (fx * 6 - 15) + 10)
        fy = fy * fy * fy * (fy * (fy * 6 - 15) + 10)
        x0 = xi.astype(np.int64) % self.p
        y0 = yi.astype(np.int64) % self.p
        x1 = (x0 + 1) % self.p
        y1 = (y0 + 1) % self.p
        v = self.v
        a = v[y0, x0] * (1 - fx) + v[y0, x1] * fx
        b = v[y1, x0] * (1 - fx) + v[y1, x1] * fx
        return a * (1 - fy) + b * fy  # in [0, 1]

    def fbm(self, x, y, octaves=4, lacunarity=2.03, gain=0.5):
        total = np.zeros_like(x)
        amp, norm = 1.0, 0.0
        for o in range(octaves):
            total += amp * self(x + 17.3 * o, y - 31.7 * o)
            norm += amp
            amp *= gain
            x = x * lacunarity
            y = y * lacunarity
        return total / norm


class ValueNoise3:
    """Smooth 3-D value noise on a periodic lattice (for solid textures)."""

    def __init__(self, rng: np.random.Generator, period: int = 64):
        self.p = period
        self.v = rng.random((period, period, period))

    def __call__(self, x, y, z):
        p = self.p
        xi, yi, zi = np.floor(x), np.floor(y), np.floor(z)
        fx, fy, fz = x - xi, y - yi, z - zi
        fx = fx * fx * (3 - 2 * fx)
        fy = fy * fy * (3 - 2 * fy)
        fz = fz * fz * (3 - 2 * fz)
        x0 = xi.astype(np.int64) % p
        y0 = yi.astype(np.int64) % p
        z0 = zi.astype(np.int64) % p
        x1, y1, z1 = (x0 + 1) % p, (y0 + 1) % p, (z0 + 1) % p
        v = self.v

        def lerp(a, b, t):
            return a + (b - a) * t

        c00 = lerp(v[z0, y0, x0], v[z0, y0, x1], fx)
        c01 = lerp(v[z0, y1, x0], v[z0, y1, x1], fx)
        c10 = lerp(v[z1, y0, x0], v[z1, y0, x1], fx)
        c11 = lerp(v[z1, y1, x0], v[z1, y1, x1], fx)
        return lerp(lerp(c00, c01, fy), lerp(c10, c11, fy), fz)

    def fbm(self, x, y, z, octaves=4, lacunarity=2.03, gain=0.5):
        total = np.zeros(np.broadcast(x, y, z).shape)
        amp, norm = 1.0, 0.0
        for o in range(octaves):
            total += amp * self(x + 11.1 * o, y - 23.7 * o, z + 5.3 * o)
            norm += amp
            amp *= gain
            x, y, z = x * lacunarity, y * lacunarity, z * lacunarity
        return total / norm


def downsample(rgba: np.ndarray, k: int) -> np.ndarray:
    """Box-filter an RGBA float image (0..1, straight alpha) by k, premultiplied."""
    h, w = rgba.shape[0] // k, rgba.shape[1] // k
    a = rgba[..., 3:4]
    pm = np.concatenate([rgba[..., :3] * a, a], axis=-1)
    pm = pm.reshape(h, k, w, k, 4).mean(axis=(1, 3))
    out = pm.copy()
    aa = pm[..., 3:4]
    out[..., :3] = np.where(aa > 1e-6, pm[..., :3] / np.maximum(aa, 1e-6), 0.0)
    return out


def to_image(rgba: np.ndarray) -> Image.Image:
    """Float RGBA 0..1 to an 8-bit RGBA image."""
    arr = np.clip(np.rint(rgba * 255.0), 0, 255).astype(np.uint8)
    return Image.fromarray(arr, "RGBA")


def fill_transparent_rgb(img: Image.Image, rgb) -> Image.Image:
    """Give fully transparent pixels a fixed colour, so that linear texture
    filtering at the edges blends towards it instead of towards black, and so
    that the bytes do not depend on what was computed under alpha 0."""
    arr = np.array(img)
    clear = arr[..., 3] == 0
    arr[clear, :3] = rgb
    return Image.fromarray(arr, "RGBA")
