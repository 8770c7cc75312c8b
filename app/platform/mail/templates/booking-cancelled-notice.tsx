import { Text } from "@react-email/components";
import type { BookingConfirmationProps } from "./booking-confirmation";
import { formatDayLong } from "../../day-format";
import { stayRows } from "./stay-rows";
import { ActionButton, Details, Layout, styles } from "./layout";

/** To the organisation's mailbox: a guest cancelled their own pending request (on the site or from their link). */
export type BookingCancelledNoticeProps = Omit<BookingConfirmationProps, "manageUrl" | "profileUrl"> & {
  /** Where they cancelled it: signed in (My Bookings) or from the private link in their e-mail. */
  from: "account" | "link";
  /** The back-office's bookings screen. */
  bookingsUrl: string;
};

export const bookingCancelledNoticeSubject = (p: BookingCancelledNoticeProps) => `Booking request cancelled: ${p.guestName}, ${formatDayLong(p.checkInDate)}`;

export function BookingCancelledNoticeEmail(p: BookingCancelledNoticeProps) {
  return (
    <Layout preview={`${p.assetName}: the nights are free again`} heading="A guest cancelled their booking request">
      <Text style={styles.paragraph}>
        {p.guestName} ({p.guestEmail}) cancelled their pending request for {p.assetName}{" "}
        {p.from === "account" ? "from their account" : "from the private link in their e-mail"}. The nights are free again on the calendar.
      </Text>
      <Details rows={[["Booking reference", p.reference], ...stayRows(p), ["Estimated total", p.totalAmount]]} />
      <ActionButton href={p.bookingsUrl}>Open Bookings in the back-office</ActionButton>
    </Layout>
  );
}
