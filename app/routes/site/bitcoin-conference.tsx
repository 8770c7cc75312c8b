import { CalendarDays, ExternalLink, MapPin, Ticket, Users } from "lucide-react";
import { platformContext } from "~/platform/request-context";
import { Bee } from "~/ui/art/bee";
import { HoneycombPattern } from "~/ui/art/honeycomb";
import { Section, SectionHeading } from "~/ui/marketing/section";
import { buttonClasses } from "~/ui/primitives/button";
import { JsonLd } from "~/ui/seo/json-ld";
import { pageMeta } from "~/ui/seo/page-meta";
import type { PageHandle } from "~/platform/page-handle";
import type { Route } from "./+types/bitcoin-conference";

/** Nothing here needs React in the browser: served as HTML and CSS (see PageHandle). */
export const handle: PageHandle = { hydrate: false, publicCache: true };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    title: "Bitcoin Conference, Sept 30 – Oct 1, 2024",
    description:
      "Two days of keynotes, panels and networking with 500+ professionals, Sept 30 to Oct 1, 2024. Early-bird pricing until September 15th.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(platformContext);
  return { registerUrl: env.CONFERENCE_REGISTER_URL, siteUrl: env.APP_URL };
}

/** The programme exactly as published: two days, four sessions each. */
const SCHEDULE = [
  {
    day: "Day 1 (Sept 30)",
    date: "2024-09-30",
    sessions: [
      { time: "9:00 AM", title: "Opening keynote", start: "09:00" },
      { time: "10:30 AM", title: "Technology panel", start: "10:30" },
      { time: "2:00 PM", title: "Regulatory landscape", start: "14:00" },
      { time: "6:00 PM", title: "Networking reception", start: "18:00" },
    ],
  },
  {
    day: "Day 2 (Oct 1)",
    date: "2024-10-01",
    sessions: [
      { time: "9:00 AM", title: "Lightning Network deep dive", start: "09:00" },
      { time: "11:00 AM", title: "Investment strategies", start: "11:00" },
      { time: "2:30 PM", title: "Startup showcase", start: "14:30" },
      { time: "5:00 PM", title: "Closing ceremony", start: "17:00" },
    ],
  },
] as const;

function conferenceEvent(siteUrl: string, registerUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: "Bitcoin Conference 2024",
    description: "Two days of keynotes, panels, a startup showcase and networking with 500+ professionals.",
    startDate: "2024-09-30T09:00:00-07:00",
    endDate: "2024-10-01T18:00:00-07:00",
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: { "@type": "Place", name: "Washington State", address: { "@type": "PostalAddress", addressRegion: "WA", addressCountry: "US" } },
    image: `${siteUrl}/og-card.png`,
    url: `${siteUrl}/bitcoin-conference`,
    organizer: { "@type": "Organization", name: "Apiary", url: `${siteUrl}/` },
    offers: { "@type": "Offer", url: registerUrl, availability: "https://schema.org/InStock", validThrough: "2024-09-15" },
    subEvent: SCHEDULE.flatMap((day) =>
      day.sessions.map((session) => ({ "@type": "Event", name: session.title, startDate: `${day.date}T${session.start}:00-07:00` })),
    ),
  };
}

/** The conference page: what, when, the schedule and where to register. */
export default function BitcoinConference({ loaderData }: Route.ComponentProps) {
  const { registerUrl } = loaderData;
  return (
    <>
      <JsonLd data={conferenceEvent(loaderData.siteUrl, registerUrl)} />
      <header className="surface-dark relative overflow-hidden">
        <HoneycombPattern className="absolute inset-0" color="#f7cd72" opacity={0.1} />
        <div className="relative mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wider text-honey-300 uppercase">
            <Bee className="size-7" /> Sept 30 to Oct 1, 2024
          </p>
          <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-cream sm:text-6xl">Bitcoin Conference 2024</h1>
          <p className="mt-5 max-w-2xl text-lg text-forest-100">
            Two days of keynotes, panels and honest conversation about Bitcoin, the Lightning Network and building things that
            last. Join 500+ professionals — builders, investors, regulators and the curious — and meet the community behind
            Apiary.
          </p>
          <ul className="mt-8 flex flex-wrap gap-x-8 gap-y-3 text-forest-100">
            <li className="flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="size-5 text-honey-300" /> Sept 30 to Oct 1, 2024
            </li>
            <li className="flex items-center gap-2">
              <Users aria-hidden="true" className="size-5 text-honey-300" /> 500+ professionals
            </li>
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-5 text-honey-300" /> Washington State
            </li>
          </ul>
          <div className="mt-10 flex flex-wrap items-center gap-4">
            <a href={registerUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ size: "lg" })}>
              Register Now
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <p className="flex items-center gap-2 text-honey-200">
              <Ticket aria-hidden="true" className="size-5" />
              <span data-testid="early-bird">Early-bird pricing runs until September 15th.</span>
            </p>
          </div>
        </div>
      </header>

      <Section id="schedule" tone="white">
        <SectionHeading id="schedule" eyebrow="Programme" title="Schedule">
          <p>Doors open at 8:30 AM both days. Coffee, and local honey for it, all day.</p>
        </SectionHeading>
        {/* Focusable so keyboard users can scroll it if a very narrow screen ever needs to. */}
        <div role="region" aria-label="Schedule table" tabIndex={0} className="mt-10 overflow-x-auto rounded-2xl border border-border shadow-card">
          <table className="w-full border-collapse bg-surface text-left text-sm sm:text-base">
            <caption className="sr-only">Conference schedule, Sept 30 to Oct 1, 2024</caption>
            <thead className="bg-forest-800 text-cream">
              <tr>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-6">
                  Day
                </th>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-6">
                  Time
                </th>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-6">
                  Session
                </th>
              </tr>
            </thead>
            <tbody>
              {SCHEDULE.map((day) =>
                day.sessions.map((session, index) => (
                  <tr key={`${day.date}-${session.start}`} className="border-t border-border even:bg-cream">
                    <th scope="row" className="px-3 py-3 font-semibold text-ink sm:px-6">
                      {index === 0 ? day.day : day.day.replace(/ \(.*\)$/, "")}
                    </th>
                    <td className="px-3 py-3 whitespace-nowrap text-ink-muted sm:px-6">{session.time}</td>
                    <td className="px-3 py-3 text-ink sm:px-6">{session.title}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="register" tone="honey" className="text-center">
        <SectionHeading id="register" title="Save your seat" center>
          <p>
            Early-bird pricing runs until September 15th. Sponsors of an Apiary hive: ask us about a member discount when you
            register.
          </p>
        </SectionHeading>
        <a href={registerUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ size: "lg" }, "mt-8")}>
          Register Now
          <ExternalLink aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </Section>
    </>
  );
}
