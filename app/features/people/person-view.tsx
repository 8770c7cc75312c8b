import { accountLabel, hasContactEmail } from "~/features/accounts/no-email";
import { CalendarPlus, CircleAlert, CircleCheck, Clock, HandCoins, KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ActivityEntry } from "~/features/activity/activity-entry";
import { shortRange } from "~/features/activity/activity-words";
import { ADOPTION_STATUS_LABELS, PAYMENT_FREQUENCY_LABELS, PAYMENT_METHOD_LABELS } from "~/features/adoptions/adoption-options";
import { ADOPTION_STATUS_CLASSES } from "~/features/adoptions/adoptions.screen";
import { formatDayOf, formatMoney, formatMomentOf } from "~/features/back-office/format";
import { BOOKING_STATUS_LABELS } from "~/features/bookings/booking-options";
import { BOOKING_STATUS_CLASSES } from "~/features/bookings/bookings.screen";
import { HIVE_STATUS_CLASSES, HIVE_STATUS_LABELS } from "~/features/hives/hive-options";
import { formatDay } from "~/platform/day-format";
import { plural } from "~/platform/plural";
import { ButtonLink } from "~/ui/primitives/button";
import { cn } from "~/ui/primitives/cn";
import type { PersonAdoption, PersonBooking, PersonEmail, PersonRecord, SignInWays } from "./person.server";
import { SECTION_ROWS } from "./person-limits";
import { bookForPath, withReturn } from "./person-links";

const link = "rounded font-semibold text-forest-800 underline underline-offset-2 hover:text-forest-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";
const q = (text: string) => encodeURIComponent(text);

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", className)}>{children}</span>;
}

function Section({ id, title, count, more, children }: { id: string; title: string; count?: number; more?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6 rounded-2xl border border-border bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-title`} className="text-xl font-bold text-ink">
          {title}
          {count !== undefined && (
            <>
              {" "}
              <span className="ml-1 text-base font-normal text-ink-muted">{count}</span>
            </>
          )}
        </h2>
        {more && <div className="text-sm">{more}</div>}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-ink-muted">{children}</p>;
const Rows = ({ label, children }: { label: string; children: ReactNode }) => (
  <ul aria-label={label} className="divide-y divide-border">
    {children}
  </ul>
);

/** Who the person is to the organisation, in a word or two. */
function kindsOf(record: PersonRecord): string[] {
  if (!record.facts.hasAccount) return ["Guest, no account"];
  if (!record.roles) return [record.facts.isStaff ? "Staff" : "Customer"];
  const kinds = record.roles.includes("admin") ? ["Administrator"] : [];
  const staff = record.roles.filter((role) => role !== "admin" && role !== "customer");
  if (staff.length > 0) kinds.push(`Staff: ${staff.join(", ")}`);
  if (record.facts.isSponsor) kinds.push("Sponsor");
  else if (record.roles.includes("customer") && kinds.length === 0) kinds.push("Customer");
  if (record.roles.length === 0) kinds.push("No roles");
  return kinds;
}

const paymentHref = (record: PersonRecord, adoption: { id: string }, from: string) => withReturn(`/admin/hive-adoptions?q=${q(record.email)}&dialog=payment&id=${adoption.id}`, from);

/** This record's address: the dialogs its links open come back here. */
function useHere() {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

function Header({ record, passwordHref }: { record: PersonRecord; passwordHref: string }) {
  const adoptions = record.adoptions ?? [];
  const only = adoptions.length === 1 ? adoptions[0] : undefined;
  const here = useHere();
  return (
    <header>
      <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere] text-ink">{record.name || accountLabel(record.email)}</h1>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {kindsOf(record).map((kind) => (
          <Badge key={kind} className="bg-cream-dark text-ink">
            {kind}
          </Badge>
        ))}
        {record.tier && <Badge className="bg-honey-200 text-honey-900">Tier: {record.tier.name}</Badge>}
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <Fact term="E-mail">
          {hasContactEmail(record.email) ? (
            <a href={`mailto:${record.email}`} className={cn(link, "font-normal [overflow-wrap:anywhere]")}>
              {record.email}
            </a>
          ) : (
            `None yet (signs in as ${accountLabel(record.email)})`
          )}
        </Fact>
        <Fact term="Phone">{record.phone ? <a href={`tel:${record.phone.replace(/[^\d+]/g, "")}`} className={cn(link, "font-normal")}>{record.phone}</a> : "—"}</Fact>
        {record.companyName && <Fact term="Company">{record.companyName}</Fact>}
        {record.address && <Fact term="Address">{record.address}</Fact>}
        {record.tier?.memberSince && <Fact term="Member since">{formatDay(record.tier.memberSince)}</Fact>}
        {record.createdAt && record.roles && <Fact term="Account since">{formatDayOf(record.createdAt)}</Fact>}
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        {record.can.bookFor && (
          <ButtonLink to={withReturn(bookForPath(record), here)}>
            <CalendarPlus aria-hidden="true" />
            Book a stay
          </ButtonLink>
        )}
        {record.can.recordPayment && only && (
          <ButtonLink to={paymentHref(record, only, here)} variant="outline">
            <HandCoins aria-hidden="true" />
            Record Payment
          </ButtonLink>
        )}
        {record.can.resetPassword && (
          <ButtonLink to={passwordHref} variant="outline" preventScrollReset>
            <KeyRound aria-hidden="true" />
            Reset Password
          </ButtonLink>
        )}
      </div>
      {(record.can.viewUsers || record.can.viewSponsors) && record.userId && (
        <p className="mt-3 text-sm text-ink-muted">
          Also in{" "}
          {record.can.viewUsers && (
            <Link to={`/admin/users?q=${q(record.email)}`} className={link}>
              User Management
            </Link>
          )}
          {record.can.viewUsers && record.can.viewSponsors && " and "}
          {record.can.viewSponsors && (
            <Link to={`/admin/sponsors?q=${q(record.email)}`} className={link}>
              Sponsors
            </Link>
          )}
          .
        </p>
      )}
    </header>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-ink">{term}</dt>
      <dd className="text-ink [overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}

function BookingItem({ booking, editable }: { booking: PersonBooking; editable: boolean }) {
  const here = useHere();
  const href = editable ? withReturn(`/admin/bookings?q=${q(booking.code)}&dialog=edit&id=${booking.id}`, here) : `/admin/bookings?q=${q(booking.code)}`;
  return (
    <li className="py-2.5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link to={href} className={link} aria-label={`${editable ? "Edit" : "Open"} booking ${booking.code}`}>
          {booking.code}
        </Link>
        <Badge className={BOOKING_STATUS_CLASSES[booking.status]}>{BOOKING_STATUS_LABELS[booking.status]}</Badge>
        <span className="ml-auto font-semibold">{formatMoney(booking.totalAmount)}</span>
      </div>
      <p className="mt-0.5 text-sm text-ink">
        {shortRange(booking.checkInDate, booking.checkOutDate)} · {plural(booking.numberOfNights, "night")}, {plural(booking.numberOfGuests, "guest")}
      </p>
      <p className="text-sm text-ink-muted">
        {booking.assetName}, {booking.location}
      </p>
    </li>
  );
}

function AdoptionItem({ record, adoption }: { record: PersonRecord; adoption: PersonAdoption }) {
  const here = useHere();
  return (
    <li className="py-2.5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold">{adoption.tierName}</span>
        <Badge className={ADOPTION_STATUS_CLASSES[adoption.status]}>{ADOPTION_STATUS_LABELS[adoption.status]}</Badge>
        <span className="ml-auto font-semibold">{formatMoney(adoption.totalPaid)} paid</span>
      </div>
      <p className="mt-0.5 text-sm text-ink">
        {adoption.hiveName ? `“${adoption.hiveName}”` : "No hive name"} · {adoption.registryHive ? `Hive ${adoption.registryHive}` : "No hive assigned"}
      </p>
      <p className="text-sm text-ink-muted">
        {PAYMENT_FREQUENCY_LABELS[adoption.paymentFrequency]}, {PAYMENT_METHOD_LABELS[adoption.paymentMethod]} · from {formatDay(adoption.startDate)}
        {adoption.endDate ? ` to ${formatDay(adoption.endDate)}` : ""}
      </p>
      {record.can.editAdoptions && (
        <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
          <Link to={paymentHref(record, adoption, here)} className={link} aria-label={`Record Payment for the ${adoption.tierName} adoption`}>
            Record Payment
          </Link>
          <Link to={withReturn(`/admin/hive-adoptions?q=${q(record.email)}&dialog=edit&id=${adoption.id}`, here)} className={link} aria-label={`Edit the ${adoption.tierName} adoption`}>
            Edit
          </Link>
        </p>
      )}
    </li>
  );
}

const DELIVERY = {
  sent: { label: "Delivered", Icon: CircleCheck, className: "text-forest-800" },
  pending: { label: "Waiting to send", Icon: Clock, className: "text-honey-900" },
  failed: { label: "Not delivered", Icon: CircleAlert, className: "text-red-800" },
} as const;
const ABOUT = { bookings: "Stay", hive_adoptions: "Adoption", account: "Account" } as const;

function EmailItem({ email }: { email: PersonEmail }) {
  const delivery = DELIVERY[email.status];
  return (
    <li className="py-2.5">
      <p className="font-medium [overflow-wrap:anywhere] text-ink">{email.subject}</p>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-sm text-ink-muted">
        <span>{formatMomentOf(email.createdAt)}</span>
        <span>{ABOUT[email.about]}</span>
        <span className={cn("inline-flex items-center gap-1 font-semibold", delivery.className)}>
          <delivery.Icon aria-hidden="true" className="size-4" />
          {delivery.label}
          {email.status !== "sent" && email.attempts > 0 ? ` (${plural(email.attempts, "try", "tries")})` : ""}
        </span>
      </p>
    </li>
  );
}

const METHODS: Record<string, string> = { password: "password", google: "Google", password_2fa: "password and 2FA code", google_2fa: "Google and 2FA code", sign_up: "sign-up" };
const TWO_FACTOR = { enabled: "On", required: "Required at next sign-in", disabled: "Off" } as const;

function SignIn({ ways }: { ways: SignInWays }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      <Fact term="Password">{ways.password ? "Yes" : "No"}</Fact>
      <Fact term="Google">{ways.google ? `Linked ${formatDayOf(ways.google.since)}` : "Not linked"}</Fact>
      <Fact term="Two-factor">{TWO_FACTOR[ways.twoFactor]}</Fact>
      <Fact term="E-mail verified">{ways.emailVerified ? "Yes" : "No"}</Fact>
      <Fact term="Last sign-in">{ways.lastSignIn ? `${formatMomentOf(ways.lastSignIn.at)}${ways.lastSignIn.method && METHODS[ways.lastSignIn.method] ? `, ${METHODS[ways.lastSignIn.method]}` : ""}` : "Never"}</Fact>
      <Fact term="Signed in on">{plural(ways.signedInOn, "device")}</Fact>
      {ways.firstLogin && <Fact term="Next sign-in">Must choose a new password</Fact>}
    </dl>
  );
}

/** The sections this viewer can't see, named, so nobody takes "not shown" for "none". */
function hiddenFrom(record: PersonRecord): string[] {
  const { sections, facts } = record;
  return [
    !sections.bookings && "bookings (Bookings)",
    !sections.adoptions && facts.hasAccount && "adoptions, payments and hives (Hive Adoptions)",
    !sections.account && facts.hasAccount && "roles and sign-in (User Management)",
    !sections.security && facts.hasAccount && "sign-ins and security events (Activity)",
  ].filter((text): text is string => Boolean(text));
}

/**
 * A person's page: who they are and what can be done for them, then their stays, adoptions,
 * payments, hives, the e-mails sent to them, how they sign in and what was done about them. Two
 * columns at a desk, one on a phone, every list as lines that wrap (nothing scrolls sideways).
 */
export function PersonView({ record, passwordHref }: { record: PersonRecord; passwordHref: string }) {
  const { bookings, adoptions, payments, hives, signIn, emails, activity } = record;
  const hidden = hiddenFrom(record);
  const jumps = [
    bookings && { id: "bookings", label: "Bookings" },
    adoptions && { id: "adoptions", label: "Adoptions" },
    payments && { id: "payments", label: "Payments" },
    { id: "emails", label: "E-mails" },
    signIn && { id: "sign-in", label: "Sign-in" },
    hives && hives.length > 0 && { id: "hives", label: "Hives" },
    { id: "activity", label: "Activity" },
  ].filter((jump): jump is { id: string; label: string } => Boolean(jump));
  return (
    <>
      <Header record={record} passwordHref={passwordHref} />
      <nav aria-label="On this page" className="mt-5">
        <ul className="flex flex-wrap gap-2 text-sm">
          {jumps.map((jump) => (
            <li key={jump.id}>
              <a href={`#${jump.id}`} className="inline-flex min-h-9 items-center rounded-full border border-ink/25 px-3 font-semibold text-ink hover:bg-cream-dark focus-visible:outline-2 focus-visible:outline-primary">
                {jump.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(16rem,20rem)]">
        <div className="flex min-w-0 flex-col gap-6">
          {bookings && (
            <Section
              id="bookings"
              title="Bookings"
              count={bookings.total}
              more={
                bookings.total > bookings.rows.length && (
                  <Link to={`/admin/bookings?q=${q(record.email)}`} className={link}>
                    All {bookings.total} in Bookings
                  </Link>
                )
              }
            >
              {bookings.rows.length === 0 ? (
                <Empty>No bookings.</Empty>
              ) : (
                <Rows label="Bookings, latest stay first">
                  {bookings.rows.map((booking) => (
                    <BookingItem key={booking.id} booking={booking} editable={record.can.editBookings} />
                  ))}
                </Rows>
              )}
            </Section>
          )}
          {adoptions && (
            <Section id="adoptions" title="Adoptions" count={adoptions.length}>
              {adoptions.length === 0 ? (
                <Empty>No adoptions.</Empty>
              ) : (
                <Rows label="Adoptions, newest first">
                  {adoptions.map((adoption) => (
                    <AdoptionItem key={adoption.id} record={record} adoption={adoption} />
                  ))}
                </Rows>
              )}
            </Section>
          )}
          {payments && (
            <Section id="payments" title="Payments" count={payments.total} more={payments.total > 0 && <span className="font-semibold text-ink">{formatMoney(payments.paid)} in all</span>}>
              {payments.rows.length === 0 ? (
                <Empty>No payments recorded.</Empty>
              ) : (
                <Rows label="Payments, newest first">
                  {payments.rows.map((payment) => (
                    <li key={payment.id} className="py-2.5 text-sm">
                      <div className="flex flex-wrap gap-x-3">
                        <span className="font-semibold">{formatMoney(payment.amount)}</span>
                        <span>{formatDay(payment.paymentDate)}</span>
                        <span>{PAYMENT_METHOD_LABELS[payment.paymentMethod]}</span>
                        <span className="text-ink-muted">{payment.tierName}</span>
                      </div>
                      {payment.notes && <p className="text-ink-muted [overflow-wrap:anywhere]">{payment.notes}</p>}
                    </li>
                  ))}
                </Rows>
              )}
            </Section>
          )}
          <Section id="emails" title="E-mails sent" more={emails.length === SECTION_ROWS && <span className="text-ink-muted">The latest {SECTION_ROWS}</span>}>
            {emails.length === 0 ? (
              <Empty>No e-mails{hidden.length > 0 ? " that you may see" : ""}.</Empty>
            ) : (
              <Rows label="E-mails, newest first">
                {emails.map((email) => (
                  <EmailItem key={email.id} email={email} />
                ))}
              </Rows>
            )}
          </Section>
          <Section
            id="activity"
            title="Activity"
            more={
              record.can.viewActivity && (
                <Link to={`/admin/activity?q=${q(record.email)}`} className={link}>
                  What they did, in Activity
                </Link>
              )
            }
          >
            {activity.length === 0 ? (
              <Empty>Nothing recorded{hidden.length > 0 ? " that you may see" : ""}.</Empty>
            ) : (
              <Rows label="Activity about them, newest first">
                {activity.map((row) => (
                  <li key={row.id} className="py-2.5">
                    <p className="text-xs text-ink-muted">{formatMomentOf(row.createdAt)}</p>
                    <ActivityEntry row={row} />
                  </li>
                ))}
              </Rows>
            )}
          </Section>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {signIn && (
            <Section id="sign-in" title="Sign-in">
              <SignIn ways={signIn} />
            </Section>
          )}
          {hives && hives.length > 0 && (
            <Section id="hives" title="Hives" count={hives.length}>
              <Rows label="Their adoptions' hives">
                {hives.map((hive) => (
                  <li key={hive.id} className="py-2.5 text-sm">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      {record.can.viewHives ? (
                        <Link to={`/admin/hives?q=${q(hive.name)}`} className={link}>
                          {hive.name}
                        </Link>
                      ) : (
                        <span className="font-semibold">{hive.name}</span>
                      )}
                      <Badge className={HIVE_STATUS_CLASSES[hive.status]}>{HIVE_STATUS_LABELS[hive.status]}</Badge>
                    </div>
                    <p className="text-ink-muted">
                      {hive.locationName} · {hive.lastUpdateAt ? `${plural(hive.updates, "update")}, last ${formatDayOf(hive.lastUpdateAt)}` : "No updates yet"}
                    </p>
                  </li>
                ))}
              </Rows>
            </Section>
          )}
          {hidden.length > 0 && (
            <p className="text-sm text-ink-muted">
              Not shown to your role: {hidden.join("; ")}.
            </p>
          )}
        </div>
      </div>
    </>
  );
}
