import Bowser from "bowser";

/** What a person recognises a session by: "Safari on iPhone", "Chrome on Windows", … */
export type DeviceLabel = { browser: string; device: string; kind: "phone" | "tablet" | "computer" | "unknown" };

const UNKNOWN: DeviceLabel = { browser: "Unknown browser", device: "unknown device", kind: "unknown" };

/**
 * Reads the user agent the session was opened with. Only a label for the person's eyes: a user
 * agent is whatever the client says, so nothing is decided by it.
 */
export function deviceLabel(userAgent: string | null | undefined): DeviceLabel {
  if (!userAgent) return UNKNOWN;
  const parsed = Bowser.parse(userAgent.slice(0, 500));
  const browser = parsed.browser.name || UNKNOWN.browser;
  const type = parsed.platform.type;
  const kind = type === "mobile" ? "phone" : type === "tablet" ? "tablet" : type === "desktop" ? "computer" : "unknown";
  // An iPhone or iPad says so as its model; otherwise the operating system names the device.
  const model = parsed.platform.vendor === "Apple" && parsed.platform.model ? parsed.platform.model : null;
  const device = model ?? parsed.os.name ?? UNKNOWN.device;
  return { browser, device, kind };
}
