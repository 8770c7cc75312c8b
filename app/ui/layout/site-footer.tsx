import type { ReactNode } from "react";
import { Link } from "react-router";
import { Wordmark } from "~/ui/brand/bee-mark";
import { cn } from "~/ui/primitives/cn";

const PROGRAMS = ["Adopt-a-Hive", "Eco-Stays", "Educational Tours", "Community Events"] as const;

type LocationStatus = "Active" | "Coming" | "Planned";

const LOCATIONS: ReadonlyArray<{ name: string; status: LocationStatus; to?: string }> = [
  { name: "Stanwood, WA", status: "Active", to: "/stanwood" },
  { name: "Arlington, WA", status: "Coming" },
  { name: "Eastern WA", status: "Planned" },
];

/** The organisation's pages elsewhere (SOCIAL_*_URL settings); one not set is not shown. */
export type SocialLinks = { facebook?: string; x?: string; youtube?: string };

const SOCIAL_NETWORKS = [
  { key: "facebook", name: "Facebook", icon: FacebookIcon },
  { key: "x", name: "X", icon: XIcon },
  { key: "youtube", name: "YouTube", icon: YouTubeIcon },
] as const;

const statusClass: Record<LocationStatus, string> = {
  Active: "bg-honey-300 text-ink",
  Coming: "border border-forest-400 text-forest-100",
  Planned: "border border-forest-600 text-forest-200",
};

const footerLink =
  "rounded-sm text-cream underline decoration-forest-400 underline-offset-4 transition-colors hover:text-honey-300 hover:decoration-honey-300";

export default function SiteFooter({ social }: { social: SocialLinks }) {
  const networks = SOCIAL_NETWORKS.flatMap((network) => (social[network.key] ? [{ ...network, href: social[network.key]! }] : []));
  return (
    <footer className="surface-dark mt-auto">
      <div className="mx-auto max-w-7xl px-4 pt-14 pb-8 sm:px-6 lg:px-8 lg:pt-16">
        <div className="grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-[1.5fr_1fr_1fr_1fr]">
          <div className="max-w-sm">
            <Link to="/" aria-label="Apiary home" className="-m-1 inline-block rounded-lg p-1 text-cream">
              <Wordmark />
            </Link>
            <p className="mt-4 text-sm leading-relaxed text-forest-200">
              Apiary builds bee-first crypto communities on Solana. Every sponsor and token holder helps protect
              pollinators, restore habitat and keep real hives thriving in the Pacific Northwest.
            </p>
          </div>

          <FooterColumn title="Programs">
            <ul className="space-y-2.5 text-sm text-forest-100">
              {PROGRAMS.map((program) => (
                <li key={program}>{program}</li>
              ))}
            </ul>
          </FooterColumn>

          <FooterColumn title="Locations">
            <ul className="space-y-2.5 text-sm">
              {LOCATIONS.map((location) => (
                <li key={location.name} className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
                  {location.to ? (
                    <Link to={location.to} className={footerLink}>
                      {location.name}
                    </Link>
                  ) : (
                    <span className="text-forest-100">{location.name}</span>
                  )}
                  <span
                    className={cn(
                      "rounded-full px-2 py-px text-[0.7rem] leading-5 font-semibold tracking-wide uppercase",
                      statusClass[location.status],
                    )}
                  >
                    {location.status}
                  </span>
                </li>
              ))}
            </ul>
          </FooterColumn>

          <FooterColumn title="Connect">
            {networks.length > 0 && (
            <ul className="mb-5 flex gap-2">
              {networks.map(({ name, href, icon: Icon }) => (
                <li key={name}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex size-10 items-center justify-center rounded-full bg-forest-800 text-cream transition-colors hover:bg-honey-300 hover:text-ink"
                  >
                    <Icon />
                    <span className="sr-only">{name} (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
            )}
            <ul className="space-y-2.5 text-sm">
              <li className="text-forest-100">Newsletter</li>
              <li>
                <Link to="/contact" className={footerLink}>
                  Contact Us
                </Link>
              </li>
            </ul>
          </FooterColumn>
        </div>

        <div className="mt-12 border-t border-forest-800 pt-6 text-sm text-forest-200">
          <p>© 2024 Apiary. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-4 font-sans text-xs font-semibold tracking-[0.14em] text-honey-300 uppercase">{title}</h2>
      {children}
    </div>
  );
}

const iconProps = {
  viewBox: "0 0 24 24",
  className: "size-5",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
  focusable: false,
} as const;

function FacebookIcon() {
  return (
    <svg {...iconProps}>
      <path d="M16.5 3H14a4 4 0 0 0-4 4v3H7.5v3.5H10V21h3.5v-7.5h2.6l.6-3.5h-3.2V7.6a.9.9 0 0 1 .9-.9h2.1Z" />
    </svg>
  );
}

function XIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 4h4.2L20 20h-4.2Z" />
      <path d="M19.6 4 13.4 10.9M10.6 13.6 4.4 20" />
    </svg>
  );
}

function YouTubeIcon() {
  return (
    <svg {...iconProps}>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
      <path d="m10.2 9.3 4.6 2.7-4.6 2.7Z" fill="currentColor" />
    </svg>
  );
}
