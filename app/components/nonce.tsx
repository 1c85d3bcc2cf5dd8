import { createContext, useContext } from "react";

/**
 * The CSP nonce of the response being rendered. Browsers hide a nonce from
 * scripts, so in the browser it is empty, which React accepts on hydration.
 */
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
