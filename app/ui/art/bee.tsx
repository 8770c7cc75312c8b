import type { ComponentProps } from "react";

/** A honey bee in flight, drawn for the site. Decorative: the text around it carries the meaning. */
export function Bee(props: ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 64 48" aria-hidden="true" focusable="false" {...props}>
      <BeeShape />
    </svg>
  );
}

/** The bee's shapes, for use inside a larger illustration (64×48 units, facing right). */
export function BeeShape({ transform }: { transform?: string }) {
  return (
    <g transform={transform}>
      <g fill="#fffaf0" fillOpacity="0.92" stroke="#1c2a22" strokeWidth="1.6">
        <ellipse cx="26" cy="13" rx="10" ry="6" transform="rotate(-25 26 13)" />
        <ellipse cx="36" cy="12" rx="9" ry="5.4" transform="rotate(20 36 12)" />
      </g>
      <ellipse cx="31" cy="28" rx="17" ry="11" fill="#f3b63f" stroke="#1c2a22" strokeWidth="2" />
      <path d="M24 18.5c-2 6-2 13 0 19M32 17.2c-2 7-2 14.5 0 21.6" fill="none" stroke="#1c2a22" strokeWidth="4.2" />
      <path d="M14.5 31.5 9 34" stroke="#1c2a22" strokeWidth="2" strokeLinecap="round" />
      <circle cx="49" cy="25" r="7" fill="#1c2a22" />
      <circle cx="51.5" cy="23.5" r="1.4" fill="#fffaf0" />
      <path d="M50 18.5c1-4 3-6 6-7M53 19.5c2-3 4.5-4.5 7.5-4.5" fill="none" stroke="#1c2a22" strokeWidth="1.5" strokeLinecap="round" />
    </g>
  );
}
