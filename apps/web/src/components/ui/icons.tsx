import type { SVGProps } from 'react';

/** Small inline icons (no icon font, no extra request). Decorative: hidden from assistive tech. */
function Svg(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}

export const CloseIcon = () => (
  <Svg>
    <path d="M18 6 6 18M6 6l12 12" />
  </Svg>
);
export const SunIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </Svg>
);
export const MoonIcon = () => (
  <Svg>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </Svg>
);
export const HomeIcon = () => (
  <Svg>
    <path d="M3 10.5 12 3l9 7.5V21a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z" />
  </Svg>
);
export const GiftIcon = () => (
  <Svg>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M12 8v13M19 12v9H5v-9M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
  </Svg>
);
export const ChatIcon = () => (
  <Svg>
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
  </Svg>
);
export const PhoneIcon = () => (
  <Svg>
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />
  </Svg>
);
export const SendIcon = () => (
  <Svg>
    <path d="m22 2-7 20-4-9-9-4zM22 2 11 13" />
  </Svg>
);
export const CrownIcon = () => (
  <Svg>
    <path d="m2 7 5 5 5-8 5 8 5-5-2 12H4z" />
  </Svg>
);
export const MegaphoneIcon = () => (
  <Svg>
    <path d="m3 11 15-6v14L3 13zM11.6 16.8a3 3 0 1 1-5.8-1.6" />
  </Svg>
);
export const ChevronDownIcon = () => (
  <Svg width="14" height="14">
    <path d="m6 9 6 6 6-6" />
  </Svg>
);
export const DownloadIcon = () => (
  <Svg>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />
  </Svg>
);
export const ShareIcon = () => (
  <Svg>
    <path d="M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8M16 6l-4-4-4 4M12 2v13" />
  </Svg>
);
export const TrophyIcon = () => (
  <Svg>
    <path d="M6 9H4.5a2.5 2.5 0 0 1 0-5H6M18 9h1.5a2.5 2.5 0 0 0 0-5H18M4 22h16M10 14.7V17c0 .6-.5 1-1 1.2C7.9 18.8 7 20.2 7 22M14 14.7V17c0 .6.5 1 1 1.2 1.1.6 2 2 2 3.8M18 2H6v7a6 6 0 0 0 12 0z" />
  </Svg>
);
export const ClockIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </Svg>
);
export const GlobeIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
  </Svg>
);
export const PencilIcon = () => (
  <Svg>
    <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Svg>
);

/* Game category marks, drawn in the same 24px stroke style. */
export const CardsIcon = () => (
  <Svg>
    <rect x="3" y="5" width="11" height="15" rx="2" />
    <path d="M14 7.5 19 9a2 2 0 0 1 1.4 2.4l-2.6 9.3a2 2 0 0 1-2.4 1.4L11 21" />
    <path d="M8.5 10.5c-1 1.2-2 2-2 3a1.5 1.5 0 0 0 2.6 1 1.5 1.5 0 0 0 2.4-1c0-1-1-1.8-2-3z" />
  </Svg>
);
export const BallIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="10" />
    <path d="m12 7 4 3-1.5 4.5h-5L8 10zM12 2v5M16 10l5-1.5M14.5 14.5l3 4M9.5 14.5l-3 4M8 10 3 8.5" />
  </Svg>
);
export const SlotsIcon = () => (
  <Svg>
    <rect x="2" y="5" width="17" height="15" rx="2" />
    <path d="M7.5 5v15M13.5 5v15M19 9h1.5a1 1 0 0 1 1 1v3M21.5 6.5v2" />
    <path d="M4 11h2l-1.3 3.5M10 11h2l-1.3 3.5M16 11h1.5" />
  </Svg>
);
export const FishIcon = () => (
  <Svg>
    <path d="M2 12s3.5-6 10-6c4.5 0 7.5 3 9 6-1.5 3-4.5 6-9 6C5.5 18 2 12 2 12z" />
    <path d="M2 12 0.5 8M2 12l-1.5 4" />
    <circle cx="16" cy="11" r="1" />
  </Svg>
);
export const SpadeIcon = () => (
  <Svg>
    <path d="M12 3C9 7 5 9 5 13a3.5 3.5 0 0 0 6 2.5L10 20h4l-1-4.5A3.5 3.5 0 0 0 19 13c0-4-4-6-7-10z" />
  </Svg>
);
export const GamepadIcon = () => (
  <Svg>
    <path d="M6 8h12a4 4 0 0 1 4 4v1a4 4 0 0 1-7 2.6L14 14h-4l-1 1.6A4 4 0 0 1 2 13v-1a4 4 0 0 1 4-4z" />
    <path d="M7 10.5v3M5.5 12h3M16 11h.01M18 13h.01" />
  </Svg>
);
export const LotteryIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="4" />
    <path d="M11.2 11h1v3" />
  </Svg>
);
export const DiceIcon = () => (
  <Svg>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <path d="M8 8h.01M16 8h.01M12 12h.01M8 16h.01M16 16h.01" />
  </Svg>
);
export const SparkleIcon = () => (
  <Svg>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
  </Svg>
);
export const MenuIcon = () => (
  <Svg>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Svg>
);
