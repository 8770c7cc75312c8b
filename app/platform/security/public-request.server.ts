import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { guardedLookup, isPublicAddress, PublicFetchError, refusedAddress } from "./public-fetch.server";

/**
 * One request to an address that staff typed, under the same policy as calendar feeds
 * (public-fetch.server.ts: public unicast addresses only, checked on the socket's own lookup),
 * for the services that answer JSON to a GET or a form post: an OpenID provider's discovery
 * document, its keys and its token endpoint. Redirects are not followed (none of those
 * redirects); an answer of any status is returned, so the caller can read a provider's error.
 */
export type PublicRequest = {
  method?: "GET" | "POST";
  /** A form post's body (application/x-www-form-urlencoded). */
  form?: URLSearchParams;
  headers?: Record<string, string>;
  allowLoopback?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
};

export type PublicAnswer = { status: number; text: string };

const DEFAULT_TIMEOUT_MS = 8_000;
const DEFAULT_MAX_BYTES = 512 * 1024;

export function requestPublic(address: string, options: PublicRequest = {}): Promise<PublicAnswer> {
  const { method = "GET", form, headers = {}, allowLoopback = false, timeoutMs = DEFAULT_TIMEOUT_MS, maxBytes = DEFAULT_MAX_BYTES } = options;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return Promise.reject(new PublicFetchError("That is not a web address."));
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return Promise.reject(new PublicFetchError("Only http and https addresses can be fetched."));
  if (url.username || url.password) return Promise.reject(new PublicFetchError("Addresses with a user name or password can't be fetched."));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !isPublicAddress(host, allowLoopback)) return Promise.reject(refusedAddress(host));
  const body = form?.toString();
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PublicAnswer>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method,
        // A connection of its own each time: no idle keep-alive socket that the other end may be closing as it is reused.
        agent: false,
        lookup: guardedLookup(allowLoopback),
        headers: { accept: "application/json", "user-agent": "Apiary", ...(body === undefined ? {} : { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) }), ...headers },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new PublicFetchError(`${url.host} answered with more than ${Math.round(maxBytes / 1024)} kB.`));
          } else chunks.push(chunk);
        });
        response.on("end", () => resolve({ status, text: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", (error) => reject(error instanceof PublicFetchError ? error : new PublicFetchError(`${url.host} closed the connection too early.`)));
      },
    );
    const timer = setTimeout(() => request.destroy(new PublicFetchError(`${url.host} took longer than ${timeoutMs / 1000} seconds to answer.`)), timeoutMs);
    request.on("close", () => clearTimeout(timer));
    request.on("error", (error) => reject(error instanceof PublicFetchError ? error : new PublicFetchError(`${url.host} could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message}).`)));
    request.end(body);
  });
}
