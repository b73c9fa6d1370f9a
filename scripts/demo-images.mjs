// Writes the demo photos the seed points at (issue 13, decision 170): small PNG pictures drawn here, no tool and
// nothing fetched, two widths each for srcset. Run once after changing the list: `node scripts/demo-images.mjs`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const out = path.resolve(import.meta.dirname, '../apps/web/public/images');
export const widths = [480, 960];

// name: [top-left colour, bottom-right colour, accent]
const pictures = {
  'hero/northfield': ['#4c1d95', '#0ea5e9', '#fde68a'],
  'hero/riverside': ['#134e4a', '#2dd4bf', '#fef3c7'],
  'venues/harrogate': ['#1e3a8a', '#60a5fa', '#f8fafc'],
  'venues/ripon': ['#0c4a6e', '#22d3ee', '#ecfeff'],
  'venues/knaresborough': ['#7c2d12', '#fb923c', '#fff7ed'],
  'venues/shrewsbury': ['#14532d', '#4ade80', '#f0fdf4'],
  'venues/ludlow': ['#581c87', '#c084fc', '#faf5ff'],
  'activities/fitness-classes': ['#9f1239', '#fb7185', '#fff1f2'],
  'activities/racket-sports': ['#365314', '#a3e635', '#f7fee7'],
  'activities/swimming': ['#075985', '#38bdf8', '#f0f9ff'],
  'activities/holiday-camps': ['#92400e', '#fbbf24', '#fffbeb'],
  'activities/gym': ['#1f2937', '#9ca3af', '#f9fafb'],
};

const rgb = (hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A diagonal gradient with a soft hill and a sun: enough to look like a picture, cheap to compress. */
function draw(width, height, [from, to, accent]) {
  const a = rgb(from);
  const b = rgb(to);
  const s = rgb(accent);
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    row[0] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let px = a.map((v, i) => Math.round(v + (b[i] - v) * t));
      const hill = height * (0.72 - 0.12 * Math.sin((x / width) * Math.PI * 1.3));
      if (y > hill) px = px.map((v) => Math.round(v * 0.55));
      const dx = x - width * 0.75;
      const dy = y - height * 0.3;
      if (dx * dx + dy * dy < (height * 0.12) ** 2) px = s;
      // Quantised to steps of 8 so long runs repeat and deflate well.
      px.forEach((v, i) => {
        row[1 + x * 3 + i] = v & 0xf8;
      });
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let total = 0;
for (const [name, colours] of Object.entries(pictures)) {
  for (const w of widths) {
    const file = path.join(out, `${name}-${w}.png`);
    mkdirSync(path.dirname(file), { recursive: true });
    const png = draw(w, Math.round((w * 9) / 16), colours);
    writeFileSync(file, png);
    total += png.length;
  }
}
console.log(`wrote ${Object.keys(pictures).length * widths.length} images, ${Math.round(total / 1024)} KiB`);
