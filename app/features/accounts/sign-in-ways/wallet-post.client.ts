import type { Toast } from "~/platform/toast";

/** What the nonce and token endpoints answer: the value, or the refusal's toast. */
type Answer<T> = ({ ok: true } & T) | { ok: false; toast?: Toast; error?: string };

/** A form post to one of the sign-in endpoints, answered in JSON; a network failure is an answer too. */
export async function postForm<T>(path: string, fields: Record<string, string | number>): Promise<Answer<T>> {
  try {
    const body = new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)]));
    const response = await fetch(path, { method: "POST", body, credentials: "same-origin" });
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
