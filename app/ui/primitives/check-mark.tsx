/**
 * The tick before each item of a list of perks or features. A plain SVG rather than an icon
 * component: the tier cards show a couple of dozen on one page, and each icon component costs
 * more to render than the rest of its list item.
 */
export function CheckMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className={className}>
      <path d="M4 10.5 8.2 14.5 16 6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
