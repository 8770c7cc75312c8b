/**
 * The client's address. X-Forwarded-For is believed only for the number of proxy hops the
 * operator configured (TRUST_PROXY_HOPS); otherwise a client could pick its own address and
 * dodge per-address rate limits.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | null, trustedHops: number) {
  const socket = normalise(socketAddress) ?? "unknown";
  if (trustedHops <= 0 || !forwardedFor) return socket;
  const chain = forwardedFor
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  // The last `trustedHops` entries were added by our proxies; the one before them is the client.
  const candidate = chain[chain.length - trustedHops];
  return normalise(candidate) ?? socket;
}

function normalise(address: string | undefined) {
  if (!address) return undefined;
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}
