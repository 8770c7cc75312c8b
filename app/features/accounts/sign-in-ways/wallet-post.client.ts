import type { Toast } from "~/platform/toast";

/** What the nonce and token endpoints answer: the value, or the refusal's toast. */
type Answer<T> = ({ ok: true } & T) | { ok: false; toast?: Toast; error?: string };

/** A JSON post to one of the sign-in endpoints; a network failure is an answer too. */
export async function postJson<T>(path: string, body: unknown): Promise<Answer<T>> {
  try {
    const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
    return (await response.json()) as Answer<T>;
  } catch {
    return { ok: false };
  }
}

export const utf8Hex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, "0")).join("")}`;

export function bytesToBase64(bytes: Uint8Array) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
