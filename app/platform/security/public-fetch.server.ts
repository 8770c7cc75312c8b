import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Fetches a document from an address that staff typed (another booking site's calendar feed).
 * The server sits inside a network, so such an address is a door into it: only http and https,
 * and the address it connects to, after DNS and on every redirect, must be a public one — never
 * loopback, private, link-local (the cloud metadata service), unique-local, CGNAT or reserved.
 * The check is made on the resolved address the socket uses, so a name that resolves to a
 * public address once and to 127.0.0.1 the next time (DNS rebinding) is refused too.
 */
export type PublicFetchOptions = {
  /** Tests serve feeds on 127.0.0.1 (the CALENDAR_FETCH_ALLOW_LOOPBACK setting). */
  allowLoopback?: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
};

export class PublicFetchError extends Error {
  override name = "PublicFetchError";
}

export const MAX_FEED_BYTES = 2 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 10_000;

/** Whether a connection to `address` may be made (unicast on the public internet, or loopback when allowed). */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  // ::ffff:10.0.0.1 is 10.0.0.1.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (allowLoopback && range === "loopback") return true;
  // IPv6 on the public internet is 2000::/3 (IANA's global unicast). The rest of what the
  // library calls unicast is reserved, among it the deprecated IPv4-compatible ::/96, where
  // ::7f00:1 is a way of writing 127.0.0.1 that some stacks still route.
  if (parsed.kind() === "ipv6" && !parsed.match(ipaddr.IPv6.parse("2000::"), 3)) return false;
  return range === "unicast";
}

export const refusedAddress = (host: string) => new PublicFetchError(`${host} is not a public internet address, so it can't be fetched.`);

export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(new PublicFetchError(`${hostname} could not be found.`), "", 0);
      const refused = addresses.find((entry) => !isPublicAddress(entry.address, allowLoopback));
      if (refused || addresses.length === 0) return callback(refusedAddress(hostname), "", 0);
      if (options.all) return callback(null, addresses as unknown as string, 0);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** The body of `address` as text, following up to `maxRedirects` redirects, each checked again. */
export async function fetchPublicText(address: string, options: PublicFetchOptions = {}): Promise<string> {
  const { allowLoopback = false, maxBytes = MAX_FEED_BYTES, timeoutMs = FEED_TIMEOUT_MS, maxRedirects = 5 } = options;
  const deadline = Date.now() + timeoutMs;
  let url = parseAddress(address);
  for (let hop = 0; ; hop++) {
    const answer = await getOnce(url, { allowLoopback, maxBytes, deadline, timeoutMs });
    if (answer.kind === "body") return answer.text;
    if (hop >= maxRedirects) throw new PublicFetchError(`The calendar address redirected more than ${maxRedirects} times.`);
    url = parseAddress(new URL(answer.location, url).toString());
  }
}

function parseAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new PublicFetchError("That is not a web address.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new PublicFetchError("Only http and https addresses can be fetched.");
  if (url.username || url.password) throw new PublicFetchError("Addresses with a user name or password can't be fetched.");
  return url;
}

type Answer = { kind: "body"; text: string } | { kind: "redirect"; location: string };

function getOnce(url: URL, limits: { allowLoopback: boolean; maxBytes: number; deadline: number; timeoutMs: number }): Promise<Answer> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // A literal address never goes through DNS: check it here.
  if (isIP(host) && !isPublicAddress(host, limits.allowLoopback)) return Promise.reject(refusedAddress(host));
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const request = client.get(url, { lookup: guardedLookup(limits.allowLoopback), headers: { accept: "text/calendar, text/plain;q=0.9, */*;q=0.1", "user-agent": "Apiary calendar sync" } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        return resolve({ kind: "redirect", location: response.headers.location });
      }
      if (status < 200 || status >= 300) {
        response.resume();
        return reject(new PublicFetchError(`The calendar address answered HTTP ${status}.`));
      }
      const declared = Number(response.headers["content-length"] ?? 0);
      if (declared > limits.maxBytes) {
        response.destroy();
        return reject(tooLarge(limits.maxBytes));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          response.destroy();
          reject(tooLarge(limits.maxBytes));
        } else chunks.push(chunk);
      });
      response.on("end", () => resolve({ kind: "body", text: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", (error) => reject(error instanceof PublicFetchError ? error : new PublicFetchError("The calendar address closed the connection too early.")));
    });
    const timer = setTimeout(() => request.destroy(new PublicFetchError(`The calendar address took longer than ${limits.timeoutMs / 1000} seconds to answer.`)), Math.max(0, limits.deadline - Date.now()));
    request.on("close", () => clearTimeout(timer));
    request.on("error", (error) => reject(error instanceof PublicFetchError ? error : new PublicFetchError(`The calendar address could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message}).`)));
  });
}

const tooLarge = (maxBytes: number) => new PublicFetchError(`The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, so it was not read.`);
