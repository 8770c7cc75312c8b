import { format, parseISO } from "date-fns";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { formatDay } from "~/ui/format";
import { localDay } from "./stay-dates";

export type CheckInCalendarProps = {
  /** The property's today (yyyy-MM-dd); earlier days can't be picked. */
  today: string;
  checkIn: string | undefined;
  nights: number;
  isUnavailable: (date: Date) => boolean;
  /** A night someone else holds (a stay or another site's block): shown as booked, not just unavailable. */
  isBooked: (date: Date) => boolean;
  onSelect: (date: Date | undefined) => void;
};

const LEGEND = [
  { key: "free", label: "Free" },
  { key: "booked", label: "Booked" },
  { key: "short", label: "Free, but your stay would not fit" },
  { key: "past", label: "Past" },
] as const;

/**
 * The widget's month calendar. Loaded only once an asset is chosen (see booking-widget.tsx), so
 * the page itself hydrates without the calendar's code.
 */
export default function CheckInCalendar({ today, checkIn, nights, isUnavailable, isBooked, onSelect }: CheckInCalendarProps) {
  const isPast = (date: Date) => localDay(date) < today;
  return (
    <DayPicker
      mode="single"
      selected={checkIn ? parseISO(checkIn) : undefined}
      onSelect={onSelect}
      disabled={isUnavailable}
      // Past and booked days look different (see the legend), and say so to a screen reader.
      modifiers={{ past: isPast, booked: (date) => !isPast(date) && isBooked(date) }}
      modifiersClassNames={{ past: "apiary-past", booked: "apiary-booked" }}
      labels={{
        labelDayButton: (date, modifiers) =>
          `${format(date, "EEEE, MMMM d, yyyy")}${modifiers.selected ? ", your check-in" : modifiers.past ? ", past" : modifiers.booked ? ", booked" : modifiers.disabled ? ", your stay would not fit" : ""}`,
      }}
      startMonth={parseISO(today)}
      defaultMonth={checkIn ? parseISO(checkIn) : parseISO(today)}
      today={parseISO(today)}
      className="apiary-day-picker mt-2"
      footer={
        <div className="mt-2 flex flex-col gap-2 text-sm text-ink-muted">
          <ul aria-label="What the days show" className="flex flex-wrap gap-x-4 gap-y-1">
            {LEGEND.map(({ key, label }) => (
              <li key={key} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={`apiary-legend-swatch apiary-legend-${key}`}>
                  {key === "free" ? "" : "12"}
                </span>
                {label}
              </li>
            ))}
          </ul>
          <p>{checkIn ? `Staying ${nights} ${nights === 1 ? "night" : "nights"} from ${formatDay(checkIn)}.` : "Pick a free day to check in."}</p>
        </div>
      }
    />
  );
}
