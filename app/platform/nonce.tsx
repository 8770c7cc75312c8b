import { createContext, useContext } from "react";

/** The per-response CSP nonce, given to React Router's inline scripts during server rendering. */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
