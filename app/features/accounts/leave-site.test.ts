import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { cookieOf } from "../../../tests/setup/platform";
import { LEAVE_PATH, leavePage, leavingSite } from "./leave-site.server";

const secret = "test-secret-that-is-long-enough-for-hmac-0123456789";
const GOOGLE = "https://accounts.google.example/o/authorize?client_id=a&state=b&redirect_uri=http%3A%2F%2F127.0.0.1";
const native = new Headers({ "sec-fetch-mode": "navigate" });
const fetched = new Headers({ "sec-fetch-mode": "cors" });

describe("leaving the site from a form", () => {
  it("sends a native post by way of our own page, with the answer's cookies; a fetch, or a redirect on the site, as it was", async () => {
    const answer = () => redirect(GOOGLE, { headers: { "Set-Cookie": "apiary.state=s; Path=/; HttpOnly" } });
    const viaPage = await leavingSite(native, answer(), secret);
    expect(viaPage.status).toBe(303);
    expect(viaPage.headers.get("location")).toBe(LEAVE_PATH);
    expect(viaPage.headers.getSetCookie()).toEqual(["apiary.state=s; Path=/; HttpOnly", expect.stringMatching(/^apiary_leaving_for=.+; Max-Age=120; Path=\/continue-to-sign-in; HttpOnly; SameSite=Lax$/)]);
    expect((await leavingSite(fetched, answer(), secret)).headers.get("location")).toBe(GOOGLE);
    expect((await leavingSite(new Headers(), answer(), secret)).headers.get("location")).toBe(GOOGLE);
    expect((await leavingSite(native, redirect("/auth?redirectTo=%2Fadmin"), secret)).headers.get("location")).toBe("/auth?redirectTo=%2Fadmin");

    // The page carries on by itself (and by its link), the address written safely, and forgets it.
    const page = await leavePage(new Request(`http://127.0.0.1${LEAVE_PATH}`, { headers: { cookie: cookieOf(viaPage.headers) } }), secret);
    expect(page.status).toBe(200);
    const html = await page.text();
    const written = GOOGLE.replace(/&/g, "&amp;");
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${written}"/>`);
    expect(html).toContain(`<a href="${written}"`);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("set-cookie")).toMatch(/^apiary_leaving_for=; Max-Age=0/);
  });

  it("sends nobody off-site without its own signed cookie: opened by hand, or with a made-up one, it goes home", async () => {
    for (const cookie of ["", `apiary_leaving_for=${encodeURIComponent(btoa(JSON.stringify("https://evil.example/")))}`]) {
      const page = await leavePage(new Request(`http://127.0.0.1${LEAVE_PATH}`, { headers: { cookie } }), secret);
      expect([page.status, page.headers.get("location")]).toEqual([302, "/"]);
    }
  });
});
