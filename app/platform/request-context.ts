import { createContext } from "react-router";
import type { Platform } from "./runtime.server";

/** Set by the root middleware for every loader and action. */
export const platformContext = createContext<Platform>();

/** Per-request facts from the HTTP server: the CSP nonce and the request id of the log lines. */
export type RequestInfo = { requestId: string; nonce?: string };
export const requestInfoContext = createContext<RequestInfo>({ requestId: "dev" });
