declare module 'virtual:locale-texts' {
  /** Each language's URL of its texts: its per-feature catalogues merged (scripts/vite-locale-texts.ts). */
  const urls: Readonly<Record<string, string>>;
  export default urls;
}
