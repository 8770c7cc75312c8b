/** What the account commands need to know about the HTTP request behind them. */
export type RequestMeta = { headers: Headers; clientAddress: string; userAgent: string | null };

export function requestMeta(request: Request, clientAddress: string): RequestMeta {
  const headers = new Headers(request.headers);
  // Better Auth records the session's address from this header; never from the client's own.
  headers.set("x-apiary-client-address", clientAddress);
  return { headers, clientAddress, userAgent: request.headers.get("user-agent") };
}
