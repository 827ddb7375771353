/** The default brand mark (a stylised lotus) for brands without a logo image. */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="brand-mark-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--brand-accent, #f5c451)" />
          <stop offset="1" stopColor="var(--brand-primary, #c9356b)" />
        </linearGradient>
      </defs>
      <circle cx="24" cy="24" r="23" fill="var(--surface-3, #231f36)" />
      <path d="M24 9c5 5 7 10 7 15s-3 9-7 11c-4-2-7-6-7-11s2-10 7-15z" fill="url(#brand-mark-gold)" />
      <path
        d="M11 20c6 0 10 3 12 8s1 8 1 8c-7 0-12-4-13-9-.5-3 0-7 0-7z"
        fill="url(#brand-mark-gold)"
        opacity=".8"
      />
      <path
        d="M37 20c-6 0-10 3-12 8s-1 8-1 8c7 0 12-4 13-9 .5-3 0-7 0-7z"
        fill="url(#brand-mark-gold)"
        opacity=".8"
      />
    </svg>
  );
}
