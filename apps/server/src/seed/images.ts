const loadSharp = () => import('sharp').then((m) => m.default);

/**
 * Demo pictures composed as SVG and rasterised with sharp: a soft gradient in the product's
 * colour and a simple silhouette (tube, bottle, jar, compact, lipstick…). No photos ship with the
 * project, and nothing is downloaded.
 */
export type Shape =
  | 'lipstick' | 'gloss' | 'pencil' | 'mascara' | 'pump' | 'dropper' | 'jar' | 'tube' | 'compact' | 'palette'
  | 'perfume' | 'shampoo' | 'spray' | 'nail';

const FONT = "Vazirmatn, 'Vazir', 'Noto Sans Arabic', 'DejaVu Sans', sans-serif";

/* ---------- colour helpers ---------- */
function rgb(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3) h = h.split('').map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}
const toHex = (c: number[]) => `#${c.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`;
/** Mixes towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  return toHex(rgb(hex).map((v) => v + (target - v) * a));
}

/** Cylinder shading: dark edges, a highlight left of centre. */
const cylinder = (id: string, c: string) => `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0">
  <stop offset="0" stop-color="${shade(c, -0.35)}"/><stop offset="0.22" stop-color="${c}"/>
  <stop offset="0.38" stop-color="${shade(c, 0.45)}"/><stop offset="0.55" stop-color="${c}"/>
  <stop offset="1" stop-color="${shade(c, -0.4)}"/></linearGradient>`;

export type Finish = 'gold' | 'black' | 'silver' | 'white';
const FINISH: Record<Finish, string> = { gold: '#c9a24a', black: '#2b2b2f', silver: '#b8bcc4', white: '#f1efec' };

/** Fake label text: a few short bars, no letters needed. */
function labelLines(x: number, y: number, w: number, color: string, rows = 3) {
  let out = '';
  for (let i = 0; i < rows; i++) {
    const lw = w * (i === 0 ? 0.7 : 0.45 - i * 0.06);
    out += `<rect x="${x + (w - lw) / 2}" y="${y + i * 26}" width="${lw}" height="${i === 0 ? 14 : 9}" rx="4" fill="${color}" opacity="${i === 0 ? 0.75 : 0.45}"/>`;
  }
  return out;
}

/**
 * One product silhouette in an 800×800 box, standing on y≈680 and centred on x=400.
 * `c` is the product colour, `extra` the other colours (palette pans), `finish` the cap.
 */
function silhouette(shape: Shape, c: string, finish: Finish, extra: string[] = [], uid = 's'): string {
  const cap = FINISH[finish];
  const defs = `<defs>${cylinder(`${uid}b`, c)}${cylinder(`${uid}c`, cap)}</defs>`;
  const body = `url(#${uid}b)`;
  const metal = `url(#${uid}c)`;
  const label = finish === 'white' ? '#8a8f98' : shade(c, -0.55);
  switch (shape) {
    case 'lipstick':
      return `${defs}<rect x="330" y="470" width="140" height="210" rx="12" fill="${metal}"/>
        <rect x="345" y="398" width="110" height="80" rx="6" fill="${metal}" opacity="0.85"/>
        <path d="M362 402 V282 Q362 268 376 262 L438 226 V402 Z" fill="${body}"/>
        <rect x="330" y="468" width="140" height="8" fill="#000" opacity="0.15"/>`;
    case 'gloss':
      return `${defs}<rect x="368" y="340" width="64" height="340" rx="20" fill="${body}" opacity="0.92"/>
        <rect x="380" y="355" width="12" height="300" rx="6" fill="#fff" opacity="0.35"/>
        <rect x="362" y="160" width="76" height="190" rx="16" fill="${metal}"/>`;
    case 'pencil':
      return `${defs}<g transform="rotate(-38 400 430)">
        <rect x="150" y="408" width="440" height="46" rx="8" fill="${body}"/>
        <rect x="560" y="408" width="60" height="46" fill="${metal}"/>
        <path d="M150 408 L80 431 L150 454 Z" fill="#e9c9a0"/><path d="M98 425 L80 431 L98 437 Z" fill="${shade(c, -0.2)}"/>
        <rect x="620" y="410" width="40" height="42" rx="14" fill="${shade(c, -0.2)}"/></g>`;
    case 'mascara':
      return `${defs}<rect x="362" y="320" width="76" height="360" rx="30" fill="${body}"/>
        <rect x="368" y="140" width="64" height="190" rx="26" fill="${metal}"/>
        ${labelLines(372, 430, 56, label, 2)}`;
    case 'pump':
      return `${defs}<rect x="290" y="330" width="220" height="350" rx="44" fill="${body}"/>
        <rect x="320" y="440" width="160" height="130" rx="10" fill="#fff" opacity="0.6"/>${labelLines(330, 470, 140, label)}
        <rect x="352" y="280" width="96" height="56" rx="8" fill="${metal}"/>
        <rect x="390" y="222" width="20" height="64" fill="${metal}"/>
        <rect x="346" y="190" width="108" height="38" rx="12" fill="${metal}"/>
        <rect x="444" y="198" width="70" height="16" rx="8" fill="${metal}"/>`;
    case 'dropper':
      return `${defs}<rect x="310" y="390" width="180" height="290" rx="34" fill="${body}" opacity="0.95"/>
        <rect x="335" y="470" width="130" height="120" rx="8" fill="#fff" opacity="0.65"/>${labelLines(345, 495, 110, label)}
        <rect x="352" y="318" width="96" height="76" rx="8" fill="${metal}"/>
        <rect x="368" y="170" width="64" height="156" rx="32" fill="${finish === 'gold' ? '#3a3030' : metal}"/>`;
    case 'jar':
      return `${defs}<rect x="230" y="490" width="340" height="190" rx="34" fill="${body}"/>
        <rect x="220" y="410" width="360" height="96" rx="22" fill="${metal}"/>
        <rect x="250" y="420" width="300" height="12" rx="6" fill="#fff" opacity="0.35"/>
        ${labelLines(300, 555, 200, label, 2)}`;
    case 'tube':
      return `${defs}<path d="M348 600 L300 200 H500 L452 600 Z" fill="${body}"/>
        <rect x="290" y="168" width="220" height="36" rx="4" fill="${shade(c, -0.15)}"/>
        ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${298 + i * 30}" y="172" width="3" height="28" fill="#000" opacity="0.12"/>`).join('')}
        <path d="M322 330 H478 L466 470 H334 Z" fill="#fff" opacity="0.6"/>${labelLines(340, 360, 120, label)}
        <rect x="334" y="598" width="132" height="82" rx="14" fill="${metal}"/>`;
    case 'compact':
      return `${defs}<ellipse cx="400" cy="590" rx="250" ry="92" fill="${shade(cap, -0.35)}"/>
        <ellipse cx="400" cy="560" rx="250" ry="92" fill="${metal}"/>
        <ellipse cx="400" cy="560" rx="196" ry="68" fill="${c}"/>
        <ellipse cx="370" cy="545" rx="120" ry="34" fill="#fff" opacity="0.18"/>
        <ellipse cx="400" cy="330" rx="250" ry="160" fill="${metal}"/>
        <ellipse cx="400" cy="330" rx="205" ry="128" fill="#dfe7ee"/>
        <path d="M290 280 Q360 220 450 240" stroke="#fff" stroke-width="18" fill="none" opacity="0.6"/>`;
    case 'palette': {
      const pans = [c, ...extra, shade(c, 0.4), shade(c, -0.3), shade(c, 0.7), shade(c, -0.5), shade(c, 0.2)].slice(0, 6);
      return `${defs}<rect x="170" y="330" width="460" height="330" rx="26" fill="${shade(cap, -0.2)}"/>
        <rect x="190" y="350" width="420" height="290" rx="18" fill="${cap}"/>
        ${pans.map((p, i) => `<rect x="${212 + (i % 3) * 134}" y="${372 + Math.floor(i / 3) * 136}" width="110" height="112" rx="14" fill="${p}"/>
          <ellipse cx="${250 + (i % 3) * 134}" cy="${400 + Math.floor(i / 3) * 136}" rx="26" ry="12" fill="#fff" opacity="0.25"/>`).join('')}`;
    }
    case 'perfume':
      return `${defs}<rect x="250" y="350" width="300" height="330" rx="54" fill="${body}" opacity="0.9"/>
        <rect x="272" y="420" width="256" height="240" rx="40" fill="${shade(c, -0.15)}" opacity="0.55"/>
        <rect x="280" y="372" width="26" height="280" rx="13" fill="#fff" opacity="0.35"/>
        <rect x="368" y="300" width="64" height="56" fill="${metal}"/>
        <rect x="330" y="190" width="140" height="116" rx="16" fill="${metal}"/>`;
    case 'shampoo':
      return `${defs}<rect x="290" y="270" width="220" height="410" rx="64" fill="${body}"/>
        <rect x="318" y="380" width="164" height="170" rx="12" fill="#fff" opacity="0.6"/>${labelLines(330, 420, 140, label)}
        <rect x="334" y="186" width="132" height="96" rx="22" fill="${metal}"/>`;
    case 'spray':
      return `${defs}<rect x="310" y="280" width="180" height="400" rx="26" fill="${body}"/>
        <rect x="310" y="330" width="180" height="10" fill="#000" opacity="0.12"/>
        ${labelLines(330, 430, 140, label)}
        <path d="M318 282 Q318 200 400 196 Q482 200 482 282 Z" fill="${metal}"/>`;
    case 'nail':
      return `${defs}<rect x="300" y="430" width="200" height="250" rx="44" fill="${body}"/>
        <rect x="322" y="450" width="20" height="200" rx="10" fill="#fff" opacity="0.4"/>
        <rect x="362" y="200" width="76" height="240" rx="10" fill="${metal}"/>`;
  }
}

/** A product picture (600 px: enough for flat shapes, and a third cheaper than 800): gradient, circles, shadow, silhouette. */
export function productSvg(opts: { shape: Shape; color: string; finish: Finish; extra?: string[]; variant?: number; size?: number }): string {
  const { shape, color, finish, extra = [], variant = 0, size = 600 } = opts;
  const bg1 = shade(color, 0.82);
  const bg2 = shade(color, 0.96);
  const cx = [180, 640, 600, 200][variant % 4];
  const cy = [170, 200, 620, 610][variant % 4];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>
    <radialGradient id="sh"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
    <rect width="800" height="800" fill="url(#bg)"/>
    <circle cx="${cx}" cy="${cy}" r="150" fill="#fff" opacity="0.35"/>
    <circle cx="${800 - cx!}" cy="${800 - cy!}" r="90" fill="${shade(color, 0.6)}" opacity="0.35"/>
    <ellipse cx="400" cy="690" rx="250" ry="34" fill="url(#sh)"/>
    ${silhouette(shape, color, finish, extra)}
  </svg>`;
}

/** A category icon: the silhouette on a pastel disc, 256×256. */
export function iconSvg(shape: Shape, color: string, finish: Finish): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 800 800">
    <circle cx="400" cy="400" r="390" fill="${shade(color, 0.85)}"/>
    <g transform="translate(400 420) scale(0.78) translate(-400 -430)">${silhouette(shape, color, finish)}</g>
  </svg>`;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface BannerSpec {
  width: number;
  height: number;
  colors: [string, string];
  headline: string;
  subline: string;
  /** Products drawn on the left (the text sits on the right, where RTL readers start). */
  items: { shape: Shape; color: string; finish: Finish }[];
}

/** A slide or banner: a wide gradient, a row of silhouettes, and (when fonts allow) Persian text. */
export function bannerSvg(spec: BannerSpec, withText: boolean): string {
  const { width: w, height: h, colors, items } = spec;
  const scale = (h * 0.8) / 800;
  // The products share the left half so they never run under the right-aligned text.
  const step = Math.min(Math.max((w * 0.46 - 800 * scale) / Math.max(items.length - 1, 1), w * 0.12), 560 * scale);
  const products = items.map((it, i) => {
    const x = w * 0.04 + i * step;
    return `<g transform="translate(${x} ${h * 0.14}) scale(${scale})">${silhouette(it.shape, it.color, it.finish, [], `b${i}`)}</g>`;
  }).join('');
  const fs = Math.round(h * 0.13);
  const text = withText ? `<g font-family="${FONT}" text-anchor="end" fill="#fff">
      <text x="${w * 0.94}" y="${h * 0.42}" font-size="${fs}" font-weight="bold">${esc(spec.headline)}</text>
      <text x="${w * 0.94}" y="${h * 0.42 + fs * 1.15}" font-size="${Math.round(fs * 0.5)}" opacity="0.92">${esc(spec.subline)}</text>
      <rect x="${w * 0.94 - fs * 4}" y="${h * 0.42 + fs * 1.65}" width="${fs * 4}" height="${fs * 0.95}" rx="${fs * 0.47}" fill="#fff"/>
      <text x="${w * 0.94 - fs * 2}" y="${h * 0.42 + fs * 2.28}" font-size="${Math.round(fs * 0.42)}" text-anchor="middle" fill="${colors[0]}" font-weight="bold">همین حالا بخرید</text>
    </g>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[1]}"/><stop offset="1" stop-color="${colors[0]}"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>
    <circle cx="${w * 0.2}" cy="${h * 0.5}" r="${h * 0.55}" fill="#fff" opacity="0.18"/>
    <circle cx="${w * 0.85}" cy="${h * 0.05}" r="${h * 0.3}" fill="#fff" opacity="0.1"/>
    <circle cx="${w * 0.6}" cy="${h * 1.0}" r="${h * 0.25}" fill="#fff" opacity="0.08"/>
    ${products}${text}
  </svg>`;
}

/** Rasterises an SVG into a JPEG (the stored original; processImage makes the WebP variants). */
export async function renderJpeg(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).jpeg({ quality: 88 }).toBuffer();
}

let persianOk: Promise<boolean> | undefined;
/**
 * Whether the machine has a font with Persian glyphs. Without one, missing glyphs are drawn as
 * equal-width boxes, so a narrow letter (alef) and a wide one (sheen) measure the same.
 */
export function persianTextRenders(): Promise<boolean> {
  persianOk ??= (async () => {
    try {
      const sharp = await loadSharp();
      const width = async (s: string) => (await sharp({ text: { text: s.repeat(8), font: 'Vazirmatn, DejaVu Sans, sans 40', dpi: 72 } }).png().toBuffer({ resolveWithObject: true })).info.width;
      const [narrow, wide] = await Promise.all([width('ا'), width('ش')]);
      return narrow > 0 && wide > narrow * 1.3;
    } catch {
      return false;
    }
  })();
  return persianOk;
}
