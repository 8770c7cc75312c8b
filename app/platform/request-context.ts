import { createContext } from "react-router";
import type { Platform } from "./runtime.server";
import type { Toast } from "./toast";

/** Set by the root middleware for every loader and action. */
export const platformContext = createContext<Platform>();

/**
 * The platform of the Node server that received the request (server/), in the load context;
 * null under the development server, whose platform is getPlatform()'s.
 */
export const serverPlatformContext = createContext<Platform | null>(null);

/**
 * Per-request facts from the HTTP server: the CSP nonce, the request id of the log lines, and
 * the client's address (from the socket, or X-Forwarded-For as far as TRUST_PROXY_HOPS allows).
 */
export type RequestInfo = { requestId: string; nonce?: string; clientAddress: string };
export const requestInfoContext = createContext<RequestInfo>({ requestId: "dev", clientAddress: "127.0.0.1" });

/** A toast carried over a redirect (see toast.server.ts), for the root loader to hand to the page. */
export const flashToastContext = createContext<Toast | null>(null);
