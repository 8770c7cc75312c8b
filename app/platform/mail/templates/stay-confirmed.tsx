import { Text } from "@react-email/components";
import { formatDayLong } from "../../day-format";
import { stayRows } from "./stay-rows";
import type { BookingConfirmationProps } from "./booking-confirmation";
import { ActionButton, Details, Layout, styles } from "./layout";

/** Sent when the team confirms a stay (the spec's send-booking-confirmation, from the back-office): the stay is now certain. */
export type StayConfirmedProps = BookingConfirmationProps;

export const stayConfirmedSubject = (p: StayConfirmedProps) => `Your stay at ${p.location} is confirmed`;

export function StayConfirmedEmail(p: StayConfirmedProps) {
  return (
    <Layout preview={`Confirmed: ${formatDayLong(p.checkInDate)} at ${p.location}`} heading={`Your stay is confirmed, ${p.guestName}!`}>
      <Text style={styles.paragraph}>
        Good news: your stay at {p.location} is confirmed. The attached calendar file (stay.ics) puts it in your calendar, or
        marks it confirmed there if you added the request before.
      </Text>
      <Details
        rows={[
          ["Booking reference", p.reference],
          ...stayRows(p),
          ["Total", p.totalAmount],
        ]}
      />
      {p.manageUrl && <ActionButton href={p.profileUrl ?? p.manageUrl}>See your booking</ActionButton>}
      <Text style={styles.paragraph}>Every stay supports our work for native and honey bees. We look forward to welcoming you by the lake.</Text>
    </Layout>
  );
}
