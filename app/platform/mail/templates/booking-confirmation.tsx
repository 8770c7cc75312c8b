import { Text } from "@react-email/components";
import { formatDayLong } from "../../day-format";
import { stayRows } from "./stay-rows";
import { ActionButton, Details, Layout, styles } from "./layout";

export type BookingConfirmationProps = {
  bookingId: string;
  /** The code people read out, e.g. `STA-3F9A0C` (booking-code.ts). */
  reference: string;
  /** The stay's own name, e.g. "Lakeside RV Trailer". */
  assetName: string;
  guestName: string;
  guestEmail: string;
  /** `YYYY-MM-DD`, as stored. */
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  numberOfNights: number;
  location: string;
  /** Ready to show, e.g. `$450.00`. */
  totalAmount: string;
  /** The guest's private page for this request (see or cancel it). */
  manageUrl?: string;
  /** The request in the sponsor profile, when it was made signed in. */
  profileUrl?: string;
};

export const bookingConfirmationSubject = (p: BookingConfirmationProps) => `Your booking request at ${p.location}`;

export function BookingConfirmationEmail(p: BookingConfirmationProps) {
  return (
    <Layout preview={`${p.reference}: we received your request for ${formatDayLong(p.checkInDate)}`} heading={`Thank you, ${p.guestName}!`}>
      <Text style={styles.paragraph}>
        We have received your request for {p.assetName} at {p.location}. It is not confirmed yet: our team will contact you at {p.guestEmail} shortly
        to confirm your stay and arrange payment.
      </Text>
      <Details rows={[["Booking reference", p.reference], ...stayRows(p), ["Estimated total", p.totalAmount]]} />
      {p.manageUrl && (
        <>
          <Text style={styles.paragraph}>Plans changed? See your request, or cancel it while it is still pending:</Text>
          <ActionButton href={p.profileUrl ?? p.manageUrl}>See or cancel your request</ActionButton>
          <Text style={styles.paragraph}>The attached calendar file (stay.ics) adds your stay to your calendar.</Text>
        </>
      )}
      <Text style={styles.paragraph}>Every stay supports our work for native and honey bees. We look forward to welcoming you by the lake.</Text>
    </Layout>
  );
}
