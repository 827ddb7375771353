/**
 * The symbols' art: one small SVG drawing per symbol, drawn for this project (so the licence is
 * ours). The same drawing is the paytable's picture (an <img> of the SVG) and, rasterised by the
 * browser, the reels' texture in PixiJS. viewBox 0 0 100 100.
 */

const svg = (body: string, background = '#2a1d3d') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs>` +
  `<radialGradient id="bg" cx="50%" cy="40%" r="65%"><stop offset="0" stop-color="${background}" stop-opacity="0.95"/>` +
  `<stop offset="1" stop-color="#120c1c"/></radialGradient>` +
  `<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff1a8"/>` +
  `<stop offset="0.5" stop-color="#f2bb3b"/><stop offset="1" stop-color="#a8700f"/></linearGradient></defs>` +
  `<rect x="3" y="3" width="94" height="94" rx="16" fill="url(#bg)" stroke="#ffffff22" stroke-width="2"/>${body}</svg>`;

const letter = (text: string, fill: string, stroke: string) =>
  svg(
    `<text x="50" y="71" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-weight="bold" ` +
      `font-size="${text.length > 1 ? 50 : 62}" fill="${fill}" stroke="${stroke}" stroke-width="3" paint-order="stroke">${text}</text>`,
  );

const wildLabel = (color: string) =>
  `<rect x="18" y="72" width="64" height="18" rx="9" fill="#1b1026" stroke="${color}" stroke-width="2"/>` +
  `<text x="50" y="86" text-anchor="middle" font-family="Arial, sans-serif" font-weight="bold" font-size="14" fill="${color}">WILD</text>`;

const ROYALS = (palette: [string, string, string, string, string]) => ({
  A: letter('A', palette[0], '#1a0f24'),
  K: letter('K', palette[1], '#1a0f24'),
  Q: letter('Q', palette[2], '#1a0f24'),
  J: letter('J', palette[3], '#1a0f24'),
  T: letter('10', palette[4], '#1a0f24'),
});

const petals = [0, 45, 90, 135, 180, 225, 270, 315]
  .map(
    (angle) =>
      `<ellipse cx="50" cy="28" rx="9" ry="20" fill="#f58fb5" stroke="#c2366d" stroke-width="1.5" transform="rotate(${angle} 50 46)"/>`,
  )
  .join('');

const LOTUS_GARDEN: Record<string, string> = {
  W: svg(`${petals}<circle cx="50" cy="46" r="11" fill="url(#gold)"/>${wildLabel('#ffd45c')}`, '#4a1a3a'),
  DR: svg(
    `<circle cx="50" cy="50" r="38" fill="#8e1b1b" stroke="url(#gold)" stroke-width="4"/>` +
      `<path d="M26 62 C30 40 46 40 50 52 C54 64 70 64 74 40" fill="none" stroke="url(#gold)" stroke-width="9" stroke-linecap="round"/>` +
      `<path d="M74 40 L82 32 M74 40 L84 44" stroke="url(#gold)" stroke-width="4" stroke-linecap="round"/>` +
      `<circle cx="71" cy="37" r="3" fill="#1a0f24"/><path d="M22 64 L14 70 M24 66 L20 76" stroke="url(#gold)" stroke-width="3"/>`,
    '#5a1010',
  ),
  PH: svg(
    `<path d="M50 82 C30 70 22 50 30 28 C36 44 42 50 50 52 C58 50 64 44 70 28 C78 50 70 70 50 82 Z" fill="#f27a1a" stroke="#ffd45c" stroke-width="2"/>` +
      `<path d="M50 70 C42 60 40 48 44 36 C47 44 50 46 50 46 C50 46 53 44 56 36 C60 48 58 60 50 70 Z" fill="#ffd45c"/>` +
      `<circle cx="50" cy="26" r="7" fill="#f27a1a" stroke="#ffd45c" stroke-width="2"/><path d="M56 26 L64 24 L56 30 Z" fill="#ffd45c"/>`,
    '#5a2a08',
  ),
  KO: svg(
    `<ellipse cx="46" cy="50" rx="28" ry="16" fill="#ff8a3d" stroke="#fff" stroke-width="2"/>` +
      `<path d="M72 50 L90 34 L86 50 L90 66 Z" fill="#ff8a3d" stroke="#fff" stroke-width="2"/>` +
      `<circle cx="34" cy="46" r="5" fill="#fff"/><circle cx="50" cy="56" r="5" fill="#fff"/><circle cx="56" cy="44" r="3" fill="#c23a0c"/>` +
      `<circle cx="25" cy="47" r="3" fill="#1a0f24"/><path d="M42 36 L52 28 L58 38" fill="#ffb27a"/>`,
    '#0f3a4a',
  ),
  LA: svg(
    `<rect x="44" y="14" width="12" height="8" rx="2" fill="url(#gold)"/>` +
      `<ellipse cx="50" cy="48" rx="26" ry="28" fill="#d62828" stroke="url(#gold)" stroke-width="3"/>` +
      `<path d="M50 20 V76 M36 24 C28 40 28 58 36 72 M64 24 C72 40 72 58 64 72" stroke="#ffd45c" stroke-width="2" fill="none"/>` +
      `<rect x="42" y="74" width="16" height="6" rx="2" fill="url(#gold)"/><path d="M50 80 V92" stroke="#ffd45c" stroke-width="3"/>`,
    '#3a0d0d',
  ),
  ...ROYALS(['#ff6b6b', '#ffd45c', '#7bd389', '#6cc6ff', '#d69cff']),
};

const JADE_WAYS: Record<string, string> = {
  W: svg(
    `<polygon points="50,12 80,30 80,62 50,80 20,62 20,30" fill="#2fb36b" stroke="#baf5cf" stroke-width="3"/>` +
      `<polygon points="50,24 68,35 68,57 50,68 32,57 32,35" fill="#57d68d"/><polygon points="50,24 68,35 50,46 32,35" fill="#a8f0c4"/>` +
      `${wildLabel('#7ff0a8')}`,
    '#0e3a24',
  ),
  S: svg(
    `<path d="M18 84 L26 20 M82 84 L74 20 M22 24 H78" stroke="#8a5a2b" stroke-width="6" stroke-linecap="round"/>` +
      `<circle cx="50" cy="52" r="24" fill="url(#gold)" stroke="#7a4a0a" stroke-width="3"/>` +
      `<circle cx="50" cy="52" r="14" fill="none" stroke="#7a4a0a" stroke-width="2"/><circle cx="50" cy="52" r="5" fill="#7a4a0a"/>` +
      `<rect x="16" y="82" width="68" height="10" rx="5" fill="#d62828"/>` +
      `<text x="50" y="91" text-anchor="middle" font-family="Arial, sans-serif" font-weight="bold" font-size="9" fill="#fff">SCATTER</text>`,
    '#3a2a08',
  ),
  H1: svg(
    `<path d="M26 30 L34 16 L42 28 M74 30 L66 16 L58 28" fill="#ff9f1c" stroke="#1a0f24" stroke-width="2"/>` +
      `<circle cx="50" cy="52" r="30" fill="#ff9f1c" stroke="#1a0f24" stroke-width="2"/>` +
      `<path d="M50 24 V36 M38 26 L42 36 M62 26 L58 36 M22 50 H32 M68 50 H78 M24 60 L34 58 M76 60 L66 58" stroke="#1a0f24" stroke-width="4" stroke-linecap="round"/>` +
      `<ellipse cx="50" cy="64" rx="14" ry="10" fill="#fff"/><circle cx="39" cy="46" r="4" fill="#1a0f24"/><circle cx="61" cy="46" r="4" fill="#1a0f24"/>` +
      `<path d="M45 58 L55 58 L50 64 Z" fill="#1a0f24"/>`,
    '#4a2a0a',
  ),
  H2: svg(
    `<ellipse cx="44" cy="62" rx="22" ry="12" fill="#f4f4f4" stroke="#1a0f24" stroke-width="2"/>` +
      `<path d="M60 58 C70 46 66 30 62 22" fill="none" stroke="#f4f4f4" stroke-width="6" stroke-linecap="round"/>` +
      `<circle cx="62" cy="20" r="6" fill="#f4f4f4"/><circle cx="62" cy="16" r="3.5" fill="#e63946"/>` +
      `<path d="M67 21 L82 25 L67 24 Z" fill="#ffd45c"/><path d="M22 62 L10 56 L24 58" fill="#1a0f24"/>` +
      `<path d="M40 74 L36 90 M50 74 L54 90" stroke="#1a0f24" stroke-width="2"/>`,
    '#12324a',
  ),
  H3: svg(
    `<ellipse cx="50" cy="54" rx="30" ry="22" fill="#3c8d4f" stroke="#1a3a22" stroke-width="3"/>` +
      `<polygon points="50,38 60,46 56,58 44,58 40,46" fill="#6cc17f" stroke="#1a3a22" stroke-width="2"/>` +
      `<path d="M40 46 L26 44 M60 46 L74 44 M44 58 L34 70 M56 58 L66 70" stroke="#1a3a22" stroke-width="2"/>` +
      `<circle cx="84" cy="52" r="8" fill="#8fd19e" stroke="#1a3a22" stroke-width="2"/><circle cx="87" cy="50" r="1.8" fill="#1a0f24"/>` +
      `<ellipse cx="28" cy="76" rx="7" ry="5" fill="#8fd19e"/><ellipse cx="72" cy="76" rx="7" ry="5" fill="#8fd19e"/>`,
    '#10301a',
  ),
  H4: svg(
    `<path d="M14 52 C20 72 80 72 86 52 C76 58 68 56 64 50 C60 34 40 34 36 50 C32 56 24 58 14 52 Z" fill="url(#gold)" stroke="#7a4a0a" stroke-width="2"/>` +
      `<ellipse cx="50" cy="44" rx="13" ry="11" fill="url(#gold)" stroke="#7a4a0a" stroke-width="2"/>` +
      `<path d="M30 66 C40 70 60 70 70 66" stroke="#fff6c8" stroke-width="2" fill="none"/>`,
    '#3a2a08',
  ),
  ...ROYALS(['#7ff0a8', '#ffd45c', '#ff9f6b', '#8fd3ff', '#e0a8ff']),
};

const bars = (count: number) =>
  svg(
    Array.from({ length: count }, (_, i) => {
      const height = 18;
      const gap = 4;
      const top = 50 - (count * height + (count - 1) * gap) / 2 + i * (height + gap);
      return (
        `<rect x="16" y="${top}" width="68" height="${height}" rx="5" fill="#111" stroke="url(#gold)" stroke-width="2.5"/>` +
        `<text x="50" y="${top + 14}" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-weight="bold" font-size="13" fill="#f2f2f2">BAR</text>`
      );
    }).join(''),
    '#2a2a3a',
  );

const LUCKY_SEVENS: Record<string, string> = {
  SV: svg(
    `<text x="50" y="80" text-anchor="middle" font-family="Georgia, serif" font-weight="bold" font-size="84" fill="#e63946" stroke="url(#gold)" stroke-width="4" paint-order="stroke">7</text>`,
    '#3a0d18',
  ),
  B3: bars(3),
  B2: bars(2),
  B1: bars(1),
  BE: svg(
    `<path d="M50 16 C30 16 28 36 28 52 C28 62 22 68 18 72 H82 C78 68 72 62 72 52 C72 36 70 16 50 16 Z" fill="url(#gold)" stroke="#7a4a0a" stroke-width="2.5"/>` +
      `<rect x="16" y="70" width="68" height="7" rx="3" fill="#c8901e"/><circle cx="50" cy="84" r="7" fill="#c8901e"/>` +
      `<path d="M40 28 C36 36 36 48 38 58" stroke="#fff6c8" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    '#3a2a08',
  ),
  PL: svg(
    `<circle cx="50" cy="56" r="28" fill="#7b2cbf" stroke="#3c096c" stroke-width="3"/>` +
      `<path d="M50 30 C46 40 46 70 50 84" stroke="#3c096c" stroke-width="2" fill="none"/>` +
      `<path d="M50 30 C56 18 70 16 76 20 C70 28 58 32 50 30 Z" fill="#52b788"/><ellipse cx="38" cy="46" rx="6" ry="9" fill="#c77dff"/>`,
    '#24103a',
  ),
  CH: svg(
    `<path d="M34 62 C38 40 50 24 66 16 M66 62 C64 44 64 30 66 16" stroke="#2d6a4f" stroke-width="4" fill="none" stroke-linecap="round"/>` +
      `<path d="M66 16 C74 10 84 14 86 20 C78 22 72 20 66 16 Z" fill="#52b788"/>` +
      `<circle cx="32" cy="68" r="16" fill="#d00000" stroke="#6a040f" stroke-width="2"/><circle cx="66" cy="68" r="16" fill="#d00000" stroke="#6a040f" stroke-width="2"/>` +
      `<circle cx="26" cy="62" r="4" fill="#ff8fa3"/><circle cx="60" cy="62" r="4" fill="#ff8fa3"/>`,
    '#2a0a10',
  ),
};

const ART: Record<string, Record<string, string>> = {
  'lotus-garden': LOTUS_GARDEN,
  'jade-ways': JADE_WAYS,
  'lucky-sevens': LUCKY_SEVENS,
};

/** The SVG drawing of a symbol of a game. */
export function symbolSvg(game: string, symbol: string): string {
  const drawing = ART[game]?.[symbol];
  if (!drawing) throw new Error(`no art for ${game}/${symbol}`);
  return drawing;
}

/** The drawing as a data: URL (for <img> and for the reels' textures). */
export function symbolUrl(game: string, symbol: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(symbolSvg(game, symbol))}`;
}
