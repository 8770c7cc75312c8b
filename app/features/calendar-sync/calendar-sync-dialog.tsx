import { useForm, type SubmissionResult } from "@conform-to/react";
import { AlertTriangle, CalendarCheck, Copy, RefreshCw, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { showToast } from "~/ui/toast/show-toast";
import { formatMomentOf } from "~/features/back-office/format";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { TextField } from "~/ui/forms/text-field";
import { Button } from "~/ui/primitives/button";
import type { CalendarSync } from "./calendar-sync.server";
import { ADDRESS_COPIED, COULD_NOT_COPY } from "./messages";
import { isSending } from "~/ui/forms/use-sending";

const addCalendarImportSchema = clientSchema(() => import("./calendar-sync.schema").then((m) => m.AddCalendarImportSchema));

/**
 * An asset's calendar sync, from the Assets screen: the address other sites subscribe to (copy,
 * or replace it to revoke the old one), and the other sites' calendars it follows, each with its
 * last sync, its error or its clashes with bookings here, Sync now and Remove.
 */
export function CalendarSyncDialog({ sync, minutes, closeHref, lastResult }: { sync: CalendarSync; minutes: number; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const busy = (intent: string, id?: string) => isSending(navigation, intent, id ? { id } : undefined);
  const [form, fields] = useForm({ id: "calendar-add", lastResult, defaultValue: { assetId: sync.asset.id, name: "", url: "" }, onValidate: addCalendarImportSchema.validate, ...checkedOnSubmit });

  async function copy(address: string) {
    await navigator.clipboard.writeText(address).then(
      () => showToast(ADDRESS_COPIED),
      () => showToast(COULD_NOT_COPY),
    );
  }

  return (
    <ScreenDialog title="Calendar sync" description={sync.asset.name} closeHref={closeHref}>
      <section aria-labelledby="calendar-share" className="space-y-3">
        <h3 id="calendar-share" className="text-base font-semibold">
          Share this asset's calendar
        </h3>
        <p className="text-sm text-ink-muted">Airbnb, Hipcamp or Google Calendar can subscribe to this address and see the nights taken here. It holds dates only: no guest's name or contact.</p>
        {sync.exportUrl ? (
          <div className="flex gap-2">
            <input readOnly value={sync.exportUrl} aria-label="Address to share" onFocus={(event) => event.currentTarget.select()} className="min-h-11 min-w-0 flex-1 rounded-xl border border-ink/25 bg-cream px-3 font-mono text-xs" />
            <Button variant="outline" onClick={() => void copy(sync.exportUrl!)}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
        ) : (
          <p className="text-sm">There is no address yet.</p>
        )}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="assetId" value={sync.asset.id} />
          <Button type="submit" name="intent" value="calendar-link" variant={sync.exportUrl ? "ghost" : "secondary"} size="sm" disabled={busy("calendar-link")}>
            {sync.exportUrl ? "Replace the address (the old one stops working)" : "Create an address"}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="calendar-follow" className="mt-6 space-y-3 border-t border-border pt-5">
        <h3 id="calendar-follow" className="text-base font-semibold">
          Follow other sites' calendars
        </h3>
        <p className="text-sm text-ink-muted">Every {minutes} minutes, the nights taken on these calendars are blocked here, so nobody can book them twice.</p>
        {sync.feeds.length > 0 && (
          <ul className="space-y-3">
            {sync.feeds.map((feed) => (
              <li key={feed.id} className="rounded-xl border border-border p-3">
                <p className="font-semibold">{feed.name}</p>
                <p className="truncate font-mono text-xs text-ink-muted" title={feed.url}>
                  {feed.url}
                </p>
                {feed.lastError ? (
                  <p role="alert" className="mt-2 flex gap-1.5 text-sm text-red-800">
                    <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    <span>
                      Last attempt failed: {feed.lastError} The blocks from its last good sync are kept{feed.lastSyncedAt ? ` (${formatMomentOf(feed.lastSyncedAt)})` : ""}.
                    </span>
                  </p>
                ) : (
                  <p className="mt-2 flex items-center gap-1.5 text-sm">
                    <CalendarCheck aria-hidden="true" className="size-4 text-forest-700" />
                    {feed.lastSyncedAt ? `Synced ${formatMomentOf(feed.lastSyncedAt)}: ${feed.blocks} ${feed.blocks === 1 ? "block" : "blocks"}` : "Not synced yet"}
                  </p>
                )}
                {feed.conflicts.length > 0 && (
                  <div className="mt-2 rounded-lg bg-honey-100 p-2 text-sm text-honey-900">
                    <p className="font-semibold">Booked twice: resolve with the guest or on {feed.name}</p>
                    <ul className="mt-1 list-disc pl-5">
                      {feed.conflicts.map((conflict) => (
                        <li key={conflict}>{conflict}</li>
                      ))}
                    </ul>
                  </div>
                )}
                <Form method="post" preventScrollReset className="mt-2 flex flex-wrap gap-2">
                  <input type="hidden" name="id" value={feed.id} />
                  <Button type="submit" name="intent" value="calendar-sync" variant="outline" size="sm" disabled={busy("calendar-sync", feed.id)} aria-label={`Sync ${feed.name} now`}>
                    <RefreshCw aria-hidden="true" />
                    {busy("calendar-sync", feed.id) ? "Syncing…" : "Sync now"}
                  </Button>
                  <Button type="submit" name="intent" value="calendar-remove" variant="ghost" size="sm" aria-label={`Stop following ${feed.name}`}>
                    <Trash2 aria-hidden="true" />
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <SchemaForm form={form} schema={addCalendarImportSchema} preventScrollReset className="flex flex-col gap-3 rounded-xl bg-cream p-3">
          <input type="hidden" name="assetId" value={sync.asset.id} />
          <FormError errors={form.errors} id={`${form.id}-error`} />
          <TextField field={fields.name} label="Other site" hint="As staff call it, e.g. Airbnb" maxLength={60} autoComplete="off" />
          <TextField field={fields.url} label="Its calendar address (iCal export link)" type="url" maxLength={2000} autoComplete="off" />
          <div className="flex justify-end">
            <Button type="submit" name="intent" value="calendar-add" disabled={busy("calendar-add")}>
              {busy("calendar-add") ? "Fetching…" : "Follow calendar"}
            </Button>
          </div>
        </SchemaForm>
      </section>
    </ScreenDialog>
  );
}
