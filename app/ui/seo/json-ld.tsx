import { useNonce } from "~/platform/nonce";

/** Structured data as a JSON object (schema.org vocabulary). */
export type JsonLdData = Record<string, unknown>;

/**
 * Serialises structured data for a <script type="application/ld+json">. Every "<" is escaped, so
 * no value (a title typed by an editor, say) can close the script element and start markup.
 */
export function serializeJsonLd(data: JsonLdData): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** A JSON-LD block for search engines; carries the page's CSP nonce. */
export function JsonLd({ data }: { data: JsonLdData }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
