import type { ComponentProps } from "react";

/** The Apiary mark: a bee inside a honeycomb cell. Decorative; give the surrounding link its name. */
export function BeeMark(props: ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" {...props}>
      <path
        d="M24 2.5 42.6 13.25v21.5L24 45.5 5.4 34.75v-21.5Z"
        fill="#f3b63f"
        stroke="#1c2a22"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <g fill="#fffaf0" stroke="#1c2a22" strokeWidth="1.6">
        <ellipse cx="16.6" cy="20.6" rx="6.4" ry="3.7" transform="rotate(-28 16.6 20.6)" />
        <ellipse cx="31.4" cy="20.6" rx="6.4" ry="3.7" transform="rotate(28 31.4 20.6)" />
      </g>
      <ellipse cx="24" cy="28.4" rx="6.2" ry="8.6" fill="#1c2a22" />
      <path d="M18.3 26.2h11.4M18.5 30.7h11" stroke="#f3b63f" strokeWidth="2.1" />
      <circle cx="24" cy="16.9" r="3.5" fill="#1c2a22" />
      <path
        d="M22.6 14.1c-.6-2-1.9-3.4-3.6-4M25.4 14.1c.6-2 1.9-3.4 3.6-4"
        fill="none"
        stroke="#1c2a22"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Mark plus the "Apiary" wordmark. The text is real text, so it is the link's accessible name. */
export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={["inline-flex items-center gap-2.5", className].filter(Boolean).join(" ")}>
      <BeeMark className="size-9 shrink-0" />
      <span className="font-display text-[1.45rem] leading-none font-bold tracking-tight">Apiary</span>
    </span>
  );
}
