import { parseISO } from "date-fns";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { formatDay } from "~/ui/format";

export type CheckInCalendarProps = {
  /** The property's today (yyyy-MM-dd); earlier days can't be picked. */
  today: string;
  checkIn: string | undefined;
  nights: number;
  isUnavailable: (date: Date) => boolean;
  onSelect: (date: Date | undefined) => void;
};

/**
 * The widget's month calendar. Loaded only once an asset is chosen (see booking-widget.tsx), so
 * the page itself hydrates without the calendar's code.
 */
export default function CheckInCalendar({ today, checkIn, nights, isUnavailable, onSelect }: CheckInCalendarProps) {
  return (
    <DayPicker
      mode="single"
      selected={checkIn ? parseISO(checkIn) : undefined}
      onSelect={onSelect}
      disabled={isUnavailable}
      startMonth={parseISO(today)}
      defaultMonth={checkIn ? parseISO(checkIn) : parseISO(today)}
      today={parseISO(today)}
      className="apiary-day-picker mt-2"
      footer={
        <p className="mt-2 text-sm text-ink-muted">
          {checkIn ? `Staying ${nights} ${nights === 1 ? "night" : "nights"} from ${formatDay(checkIn)}.` : "Greyed-out days are taken or can't fit your stay."}
        </p>
      }
    />
  );
}
