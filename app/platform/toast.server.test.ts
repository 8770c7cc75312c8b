import { describe, expect, it } from "vitest";
import type { Toast } from "./toast";
import { redirectWithToast, replyWithToast, withFlashToast } from "./toast.server";

const SAVED = { title: "Saved", description: "All done.", variant: "success" } as const;

describe("answering on the page with a toast", () => {
  it("gives the same words a new id each time, so a second answer shows again, and keeps an id the toast has", () => {
    const first = replyWithToast({ intent: "x" }, SAVED);
    const second = replyWithToast({ intent: "x" }, SAVED);
    expect(first.data).toMatchObject({ intent: "x", toast: SAVED });
    expect(first.data.toast!.id).toBeTruthy();
    expect(second.data.toast!.id).not.toBe(first.data.toast!.id);
    expect(replyWithToast({}, { ...SAVED, id: "kept" }).data.toast!.id).toBe("kept");
    expect(replyWithToast({}, null, 409).data.toast).toBeNull();
    expect(replyWithToast({}, null, 409).init?.status).toBe(409);
  });
});

describe("a toast carried over a redirect (flash)", () => {
  const SECRET = "a-secret-of-at-least-thirty-two-characters";
  const SENT = { title: "Message sent", description: "We will reply soon.", variant: "success" } as const;

  /** The cookie a redirect with a toast sets, as the browser sends it back. */
  async function flashCookie(to: string, toast: Toast = SENT) {
    const line = (await redirectWithToast(to, toast, SECRET)).headers.getSetCookie().find((l) => l.startsWith("apiary_toast="))!;
    return line.split(";")[0]!;
  }

  /** One request through withFlashToast: the toast the page was given, and the toast cookies of the answer. */
  async function ask(url: string, cookie: string, answer: Response = new Response("<html></html>", { headers: { "content-type": "text/html" } }), method = "GET") {
    const given: (Toast | null)[] = [];
    const response = await withFlashToast(new Request(`http://apiary.test${url}`, { method, headers: { cookie } }), SECRET, async (toast) => {
      given.push(toast);
      return answer;
    });
    return { shown: given[0] ?? null, cookies: response.headers.getSetCookie().filter((l) => l.startsWith("apiary_toast=")) };
  }
  const cleared = (cookies: string[]) => cookies.length === 1 && /Max-Age=0/i.test(cookies[0]!);

  it("is shown once by the page its redirect named, as a document or as React Router's data, which spends it", async () => {
    const cookie = await flashCookie("/sponsor-profile?tab=security");
    for (const url of ["/sponsor-profile?tab=security", "/sponsor-profile.data?tab=security", "/sponsor-profile.data?tab=security&_routes=root,routes/customer/sponsor-profile"]) {
      const { shown, cookies } = await ask(url, cookie, url.includes(".data") ? new Response("{}") : undefined);
      expect(shown, url).toMatchObject(SENT);
      expect(cleared(cookies), url).toBe(true);
    }
    const home = await flashCookie("/");
    expect((await ask("/_root.data", home, new Response("{}"))).shown).toMatchObject(SENT);
  });

  it("is neither shown nor spent by another page, nor by a post: another tab refreshing its data leaves it for the tab that acted", async () => {
    const cookie = await flashCookie("/sponsor-profile?tab=security");
    for (const url of ["/sponsor-profile.data", "/sponsor-profile", "/home", "/sponsor-profile.data?tab=bookings"]) {
      const { shown, cookies } = await ask(url, cookie);
      expect(shown, url).toBeNull();
      expect(cookies, url).toEqual([]);
    }
    const post = await ask("/sponsor-profile.data?tab=security", cookie, new Response("{}"), "POST");
    expect(post.shown).toBeNull();
    expect(post.cookies).toEqual([]);
    // Still there for its page.
    expect((await ask("/sponsor-profile?tab=security", cookie)).shown).toMatchObject(SENT);
  });

  it("goes on with a redirect from its page (sign in first, the first screen) to the next address, which shows it", async () => {
    const cookie = await flashCookie("/admin");
    const { cookies } = await ask("/admin.data", cookie, new Response(null, { status: 302, headers: { Location: "/admin/bookings" } }));
    expect(cookies).toHaveLength(1);
    const next = cookies[0]!.split(";")[0]!;
    expect((await ask("/admin", next)).shown).toBeNull();
    const { shown, cookies: spent } = await ask("/admin/bookings", next);
    expect(shown).toMatchObject(SENT);
    expect(cleared(spent)).toBe(true);
  });

  it("gives way to a new toast its page sets, and clears a cookie it cannot read", async () => {
    const cookie = await flashCookie("/contact");
    const newer = await redirectWithToast("/contact", { title: "Another" }, SECRET);
    const { cookies } = await ask("/contact", cookie, newer);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).not.toMatch(/Max-Age=0/i);
    const forged = await ask("/contact", "apiary_toast=eyJ0aXRsZSI6Ik5vIn0%3D.bad");
    expect(forged.shown).toBeNull();
    expect(cleared(forged.cookies)).toBe(true);
  });
});
