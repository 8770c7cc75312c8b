// The organisation's calendar (Stanwood, WA), so a post dated in the evening there does not show
// the next day, and the server and the browser render the same text.
const label = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "America/Los_Angeles" });

/** A post's date for display ("Apr 12, 2026") and for <time dateTime>. */
export function publishDate(value: Date) {
  return { iso: value.toISOString(), label: label.format(value) };
}
