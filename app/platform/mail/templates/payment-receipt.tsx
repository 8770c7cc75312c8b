import { Link, Text } from "@react-email/components";
import { formatDayLong } from "../../day-format";
import { Details, Layout, styles } from "./layout";

/** The sponsor's receipt for a payment the team recorded against their adoption (Record Payment). */
export type PaymentReceiptProps = {
  /** The payment's own id: what to quote about it. */
  receiptNumber: string;
  tierName: string;
  /** The sponsor's own name for the hive, if they gave one. */
  hiveName?: string | null;
  /** Ready to show, e.g. `$25.00`. */
  amount: string;
  /** As the back-office names it: "Credit card", "Cash", "Crypto". */
  paymentMethod: string;
  /** yyyy-MM-dd, the day it was paid. */
  paymentDate: string;
  /** Everything paid towards this adoption so far, this payment included, e.g. `$150.00`. */
  totalPaid: string;
  /** My Adoptions in the sponsor profile. */
  profileUrl: string;
};

const adoption = (p: PaymentReceiptProps) => (p.hiveName ? `${p.hiveName} (${p.tierName})` : `your ${p.tierName} hive`);

export function paymentReceiptSubject(p: PaymentReceiptProps) {
  return `Receipt for your ${p.amount} payment`;
}

export function PaymentReceiptEmail(p: PaymentReceiptProps) {
  return (
    <Layout preview={paymentReceiptSubject(p)} heading="Thank you for your payment">
      <Text style={styles.paragraph}>
        We have recorded your payment of {p.amount} towards {adoption(p)}. Thank you for supporting our bees! Keep this e-mail as your receipt.
      </Text>
      <Details
        rows={[
          ["Receipt number", p.receiptNumber],
          ["Amount", p.amount],
          ["Paid on", formatDayLong(p.paymentDate)],
          ["Payment method", p.paymentMethod],
          ["Adoption", p.hiveName ? `${p.hiveName}, ${p.tierName}` : p.tierName],
          ["Total paid to date", p.totalPaid],
        ]}
      />
      <Text style={styles.paragraph}>
        Something not right? Reply to this e-mail and we will sort it out. Your adoptions and their hives: <Link href={p.profileUrl} style={styles.link}>My Adoptions</Link>
      </Text>
    </Layout>
  );
}
