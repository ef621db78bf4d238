// What the panel's glass shows, from its GDDRAM and display state: the same mapping as
// tools/devices/panel.py's glass() (a host test compares the two), in JavaScript because
// the page redraws often and the VM's Python takes ~17 ms for it.
export const WIDTH = 128;
export const HEIGHT = 64;
export const LIT = 1, ENTIRE_ON = 2, INVERSE = 4, COM_REVERSE = 8;

// The RAM row shown on glass row y, or -1 for a dark row (panel.py: _glass_row_source).
function rowSource(y, s) {
  let g = HEIGHT - 1 - y;
  if (!(s.comPins & 0x10)) g = g % 2 === 0 ? g >> 1 : HEIGHT / 2 + (g >> 1);
  if (s.comPins & 0x20) g = (g + HEIGHT / 2) % HEIGHT;
  const com = s.flags & COM_REVERSE ? HEIGHT - 1 - g : g;
  const row = (((com - s.offset) % 64) + 64) % 64;
  if (row >= s.mux) return -1;
  return (row + s.startLine) % 64;
}

// The glass packed like a MONO_VLSB frame buffer (1024 bytes): bit y&7 of byte (y>>3)*128+x.
// ram: 8 pages of s.ramWidth bytes (128; the SH1106's 132), indexed page * ramWidth + segment;
// s: {flags, startLine, offset, mux, comPins, ramWidth, margin} (margin: the RAM columns beside
// the glass on each side, 2 on the SH1106).
export function glassPages(ram, s) {
  const rw = s.ramWidth || WIDTH;
  const right = rw - 1 - (s.margin || 0); // glass column x shows segment right - x
  const out = new Uint8Array(WIDTH * HEIGHT / 8);
  if (!(s.flags & LIT)) return out;
  if (s.flags & ENTIRE_ON) return out.fill(255);
  const inv = s.flags & INVERSE ? 1 : 0;
  for (let y = 0; y < HEIGHT; y++) {
    const src = rowSource(y, s);
    const page = (y >> 3) * WIDTH;
    const bit = 1 << (y & 7);
    if (src < 0 || src >= HEIGHT) {
      continue;
    }
    const last = (src >> 3) * rw + right;
    const shift = src & 7;
    for (let x = 0; x < WIDTH; x++) {
      if (((ram[last - x] >> shift) & 1) ^ inv) out[page + x] |= bit;
    }
  }
  return out;
}
