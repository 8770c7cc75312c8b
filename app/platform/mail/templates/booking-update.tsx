import { Text } from "@react-email/components";
import { formatDayLong } from "../../day-format";
import { stayRows } from "./stay-rows";
import type { BookingConfirmationProps } from "./booking-confirmation";
import { ActionButton, Details, Layout, styles } from "./layout";

/**
 * What the back-office tells a guest when staff record or change their booking (the spec's
 * send-booking-update): the stay as it now is, with its status. A cancellation is an update whose
 * status is cancelled.
 */
export type BookingUpdateProps = BookingConfirmationProps & {
  status: "pending" | "confirmed" | "cancelled";
  /** True when an existing booking was changed, false when staff created it. */
  isUpdate: boolean;
};

const STATUS_TEXT = { pending: "Pending: we will confirm it shortly", confirmed: "Confirmed", cancelled: "Cancelled" } as const;

export function bookingUpdateSubject(p: BookingUpdateProps) {
  if (p.status === "cancelled") return `Your booking at ${p.location} is cancelled`;
  return p.isUpdate ? `Your booking at ${p.location} was updated` : `Your booking at ${p.location}`;
}

export function BookingUpdateEmail(p: BookingUpdateProps) {
  const cancelled = p.status === "cancelled";
  const heading = cancelled ? `Your booking is cancelled, ${p.guestName}` : p.isUpdate ? `Your booking was updated, ${p.guestName}` : `We have booked your stay, ${p.guestName}`;
  return (
    <Layout preview={`${formatDayLong(p.checkInDate)} at ${p.location}`} heading={heading}>
      <Text style={styles.paragraph}>
        {cancelled
          ? `Your booking at ${p.location} has been cancelled and its nights are released. The attached calendar file (stay.ics) removes it from your calendar.`
          : p.isUpdate
            ? `Our team has updated your booking at ${p.location}. Here it is as it stands now.`
            : `Our team has recorded your booking at ${p.location}. Here are its details.`}
      </Text>
      <Details
        rows={[
          ["Booking reference", p.reference],
          ["Status", STATUS_TEXT[p.status]],
          ...stayRows(p),
          ["Total", p.totalAmount],
        ]}
      />
      {!cancelled && <Text style={styles.paragraph}>The attached calendar file (stay.ics) puts the stay in your calendar, or moves it there if it was already.</Text>}
      {!cancelled && p.manageUrl && <ActionButton href={p.profileUrl ?? p.manageUrl}>See your booking</ActionButton>}
      <Text style={styles.paragraph}>Questions, or something not right? Reply to this e-mail and we will help.</Text>
    </Layout>
  );
}
