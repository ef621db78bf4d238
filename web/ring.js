// The ring's true colours: what a person sees of an LED driven at (r, g, b), as tools/sim.py's
// perceived() draws it (a WS2812's channels are linear light; scaled by EXPOSURE and encoded with
// the sRGB curve, a dim LED keeps its hue and stays visible); null for a dark LED.  A host test
// compares the two for every colour.
const EXPOSURE = 4;
const srgb = (x) => (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055);
export function perceived(r, g, b) {
  const top = Math.max(r, g, b);
  if (!top) return null;
  const k = Math.min(EXPOSURE / 255, 1 / top);
  return [r, g, b].map((c) => Math.floor(255 * srgb(c * k) + 0.5));
}
