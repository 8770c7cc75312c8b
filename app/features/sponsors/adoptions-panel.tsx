import { FileDown } from "lucide-react";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { Picture } from "~/ui/content/picture";
import { PAYMENT_METHOD_LABELS } from "~/features/adoptions/adoption-options";
import type { MyAdoption } from "~/features/adoptions/my-adoptions.server";
import type { Toast } from "~/platform/toast";
import { LoadFailureNotice } from "~/ui/errors/load-failure-notice";
import { formatDayOf } from "~/features/back-office/format";
import { formatDay, formatUsd } from "~/ui/format";
import { ButtonLink } from "~/ui/primitives/button";
import { EmptyState, ProfileCard, StatusBadge, type BadgeTone } from "./profile-card";

const LIVE_TABLES = ["hive_updates", "hives"] as const;

const STATUS: Record<MyAdoption["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "honey" },
  active: { label: "Active", tone: "forest" },
  cancelled: { label: "Cancelled", tone: "muted" },
  expired: { label: "Expired", tone: "muted" },
};

export function AdoptionsPanel({ adoptions, failure }: { adoptions: MyAdoption[]; failure?: Toast | null }) {
  // The landing page promises real-time hive updates: a new one (or a new photo) shows as it is posted.
  useLiveRevalidation(LIVE_TABLES);
  return (
    <ProfileCard id="adoptions-title" title="My Adoptions">
      {failure ? (
        <div className="mt-6">
          <LoadFailureNotice failure={failure} />
        </div>
      ) : adoptions.length === 0 ? (
        <EmptyState title="No adopted hives yet">
          <ButtonLink to="/adopt-hive-signup">Adopt a Hive</ButtonLink>
        </EmptyState>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2" aria-label="Your adopted hives, newest first">
          {adoptions.map((adoption) => (
            <li key={adoption.id} className="flex flex-col gap-3 rounded-2xl border border-border bg-cream p-5">
              {adoption.hive?.photo && <Picture image={adoption.hive.photo} alt={`${adoption.hive.name}, your hive`} sizes="(min-width: 640px) 22rem, 90vw" className="w-full rounded-xl" />}
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="text-lg font-bold text-ink [overflow-wrap:anywhere]">{adoption.name}</h3>
                <StatusBadge tone={STATUS[adoption.status].tone}>{STATUS[adoption.status].label}</StatusBadge>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {adoption.name !== adoption.tierName && (
                  <>
                    <dt className="text-ink-muted">Tier</dt>
                    <dd className="text-ink">{adoption.tierName}</dd>
                  </>
                )}
                <dt className="text-ink-muted">Hive</dt>
                <dd className="text-ink">{adoption.hive ? adoption.hive.name : "To be assigned"}</dd>
                <dt className="text-ink-muted">Plan</dt>
                <dd className="text-ink">{adoption.paymentFrequency === "annual" ? "Annual" : "Monthly"}</dd>
                <dt className="text-ink-muted">Started</dt>
                <dd className="text-ink">{formatDay(adoption.startDate)}</dd>
                {adoption.endDate && (
                  <>
                    <dt className="text-ink-muted">{adoption.status === "expired" || adoption.status === "cancelled" ? "Ended" : "Ends"}</dt>
                    <dd className="text-ink">{formatDay(adoption.endDate)}</dd>
                  </>
                )}
                <dt className="text-ink-muted">Price</dt>
                <dd className="font-semibold text-ink">
                  {formatUsd(adoption.priceCents)}/{adoption.paymentFrequency === "annual" ? "year" : "month"}
                </dd>
                <dt className="text-ink-muted">Paid so far</dt>
                <dd className="text-ink">{formatUsd(adoption.totalPaidCents)}</dd>
              </dl>
              {adoption.status === "active" && (
                <a
                  href={`/certificates/${adoption.id}`}
                  download
                  className="inline-flex items-center gap-2 self-start rounded text-sm font-semibold text-forest-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest-700"
                >
                  <FileDown aria-hidden="true" className="size-4" />
                  Download certificate (PDF)
                </a>
              )}
              {adoption.updates.length > 0 && (
                <section aria-label={`Updates from ${adoption.hive?.name ?? adoption.name}, newest first`} className="flex flex-col gap-2 border-t border-border pt-3 text-sm">
                  <h4 className="font-semibold text-ink">Hive updates</h4>
                  <ul className="flex flex-col gap-2">
                    {adoption.updates.map((update) => (
                      <li key={update.id} className="rounded-xl bg-surface p-3">
                        <p className="text-xs font-semibold text-ink-muted">{formatDayOf(update.createdAt)}</p>
                        <p className="mt-1 whitespace-pre-line text-ink [overflow-wrap:anywhere]">{update.body}</p>
                        {update.photos.length > 0 && (
                          <div className="mt-2 grid grid-cols-2 gap-2">
                            {update.photos.map((photo, index) => (
                              <Picture key={photo.src} image={photo} alt={`Photo ${index + 1} of this update`} sizes="(min-width: 640px) 10rem, 45vw" className="w-full rounded-lg" />
                            ))}
                          </div>
                        )}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              {adoption.payments.length > 0 && (
                <details className="text-sm">
                  <summary className="cursor-pointer rounded font-semibold text-forest-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest-700">
                    Payments ({adoption.payments.length})
                  </summary>
                  <ul className="mt-2 flex flex-col gap-1" aria-label={`Payments for ${adoption.name}, newest first`}>
                    {adoption.payments.map((payment) => (
                      <li key={payment.id} className="flex justify-between gap-3 border-t border-border pt-1">
                        <span>
                          {formatDay(payment.paymentDate)} · {PAYMENT_METHOD_LABELS[payment.paymentMethod]}
                        </span>
                        <span className="font-semibold">{formatUsd(payment.amountCents)}</span>
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </ProfileCard>
  );
}
