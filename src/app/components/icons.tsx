/** An icon: one SVG path in a 24×24 box, stroked with the text colour. */
export type IconPath = string & { readonly __iconPath: never };

/** Names a set of paths as icons. */
export const iconSet = <K extends string>(paths: Record<K, string>) => paths as Record<K, IconPath>;

/**
 * The icons of the public frame and the landing page. Those only signed-in frames and screens use
 * are in account-icons.ts, so they stay out of the code `/` loads first.
 */
export const ICONS = iconSet({
  car: 'M5 17h14M5 17a2 2 0 1 0 4 0M15 17a2 2 0 1 0 4 0M3 17v-5l2-5h14l2 5v5M3 12h18',
  info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-4M12 8h.01',
  mail: 'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM22 6l-10 7L2 6',
  handshake: 'M16 3h5v5M8 21H3v-5M21 3l-7 7M3 21l7-7M14 14l3 3M10 10 7 7',
  building: 'M3 21h18M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16M9 7h2M13 7h2M9 11h2M13 11h2M9 15h2M13 15h2',
  userPlus: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM19 8v6M22 11h-6',
  login: 'M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3',
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M18 6 6 18M6 6l12 12',
});

/** Decorative only: the text beside it says what it means. */
export function Icon({ icon, size = 20 }: { icon: IconPath; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={icon} />
    </svg>
  );
}
