// React renders in production mode, as under `npm start` (it reads NODE_ENV when it loads).
import "../../server/production-mode";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forbiddenMessage, type PermissionModule } from "~/features/accounts/permissions";
import { NOT_ADMIN_MESSAGE } from "~/features/accounts/messages";
import { signInWithPassword } from "~/features/accounts/sign-in.server";
import { signUpCustomer } from "~/features/accounts/sign-up.server";
import type { ScreenDeclaration } from "~/features/back-office/screen";
import { BACK_OFFICE_SCREENS } from "~/features/back-office/screens";
import { loadBuild } from "../../server/build";
import type { RunningServer } from "../../server/start";
import { insertStaffRole, insertUser } from "../factories/accounts";
import { insertBooking, insertStayAsset } from "../factories/stays";
import { cookieOf } from "../setup/platform";
import { startSeededServer } from "../setup/seeded-server";

/**
 * The back-office's authorization matrix, generated from the screen declarations and run
 * against the built server over HTTP: every screen, its CSV export and every command it
 * declares, for each kind of person. A new screen is covered the moment it is declared; a
 * screen whose list or command forgets `assertCan` fails here (a staff member without the
 * module, or with view only, would get through).
 */
type Who = "anonymous" | "customer" | "staff without the module" | "staff with view only" | "administrator";
type Expected = "to /auth" | "Access Denied" | "refused" | "allowed";

const PASSWORD = "Hive-Meadow-Lantern-31";
let server: RunningServer;
let stop: (() => Promise<void>) | undefined;
let counter = 0;

const meta = () => {
  const clientAddress = `10.77.${++counter % 250}.${(counter * 7) % 250}`;
  return { headers: new Headers({ origin: server.url, "user-agent": "authorization matrix" }), clientAddress, userAgent: "authorization matrix" };
};

async function staffCookie(role: string) {
  const email = `matrix-${++counter}-${Date.now()}@example.com`;
  await insertUser(server.platform.db, { email, password: PASSWORD, role });
  const result = await signInWithPassword(server.platform, "admin", { email, password: PASSWORD }, meta());
  if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
  return cookieOf(result.value.headers);
}

/** A customer is signed out by the back-office at the first request, so each check makes one. */
async function customerCookie() {
  const result = await signUpCustomer(server.platform, { email: `matrix-customer-${++counter}-${Date.now()}@example.com`, password: PASSWORD }, meta());
  if (!result.ok) throw new Error(`sign-up failed: ${result.message}`);
  return cookieOf(result.value.headers);
}

/** The roles used: one with no back-office module at all but one to sign in with, one per module with view only. */
const cookies = new Map<string, string>();
async function cookieFor(who: Who, module: PermissionModule): Promise<string | undefined> {
  if (who === "anonymous") return undefined;
  if (who === "customer") return customerCookie();
  const key = who === "administrator" ? "admin" : `${who}:${module}`;
  if (!cookies.has(key)) {
    const role =
      who === "administrator"
        ? "admin"
        : who === "staff with view only"
          ? await insertStaffRole(server.platform.db, { [module]: ["view"] })
          : // A staff member who works in the back-office, just not in this module.
            await insertStaffRole(server.platform.db, { [module === "profile" ? "posts" : "profile"]: ["view", "create", "update", "delete"] });
    cookies.set(key, await staffCookie(role));
  }
  return cookies.get(key);
}

const request = (url: string, cookie: string | undefined, init: RequestInit = {}) =>
  fetch(`${server.url}${url}`, { redirect: "manual", ...init, headers: { origin: server.url, ...(cookie ? { cookie } : {}), ...init.headers } });

async function answerOf(response: Response, refusal: string): Promise<Expected | string> {
  const body = await response.text();
  if (response.status === 302 && /^\/auth(\?|$)/.test(response.headers.get("location") ?? "")) return "to /auth";
  if (response.status === 403 && body.includes(NOT_ADMIN_MESSAGE)) return "Access Denied";
  if (response.status === 403 && body.includes(refusal.replaceAll("'", "&#x27;"))) return "refused";
  if (response.status === 403 && body.includes(refusal)) return "refused";
  // Allowed: the page, the file, or (for a command sent without its fields) the form's own answer.
  if (response.status === 200 || response.status === 400 || response.status === 404 || response.status === 409) return "allowed";
  return `${response.status} ${body.slice(0, 200)}`;
}

const VIEW_EXPECTED: Record<Who, Expected> = {
  anonymous: "to /auth",
  customer: "Access Denied",
  "staff without the module": "refused",
  "staff with view only": "allowed",
  administrator: "allowed",
};
const CHANGE_EXPECTED: Record<Who, Expected> = { ...VIEW_EXPECTED, "staff with view only": "refused" };
const EVERYONE: Who[] = ["anonymous", "customer", "staff without the module", "staff with view only", "administrator"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen has its own row type
type AnyScreen = ScreenDeclaration<any>;
const cases = BACK_OFFICE_SCREENS.flatMap((screen: AnyScreen) =>
  EVERYONE.flatMap((who) => [
    { screen, who, what: `GET ${screen.path}`, expected: VIEW_EXPECTED[who], action: "view" as const },
    { screen, who, what: `GET /admin/export/${screen.id}`, expected: VIEW_EXPECTED[who], action: "view" as const },
    ...Object.entries(screen.commands).map(([intent, action]) => ({ screen, who, what: `POST ${screen.path} intent=${intent}`, expected: CHANGE_EXPECTED[who], action })),
  ]),
);

describe("the back-office authorization matrix", () => {
  beforeAll(async () => {
    ({ server, stop } = await startSeededServer());
  }, 60_000);
  afterAll(async () => {
    await stop?.();
  });

  it.each(cases)("$what as $who: $expected", async ({ screen, who, what, expected, action }) => {
    const cookie = await cookieFor(who, screen.module);
    const [method, url, intent] = what.split(" ");
    const response =
      method === "GET"
        ? await request(url!, cookie)
        : await request(url!, cookie, { method: "POST", body: new URLSearchParams({ intent: intent!.slice("intent=".length) }), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(await answerOf(response, forbiddenMessage(screen.module, action))).toBe(expected);
  });

  it("every /admin route of the build is a declared screen or one of the shell's own", async () => {
    const { build } = await loadBuild(path.resolve(import.meta.dirname, "../.."));
    const adminPaths = Object.values(build.routes)
      .map((route) => route?.path)
      .filter((routePath): routePath is string => typeof routePath === "string" && /^admin(\/|$)/.test(routePath))
      .map((routePath) => `/${routePath}`)
      .sort();
    const shellsOwn = ["/admin", "/admin/security", "/admin/export/:screen", "/admin/uploads"];
    expect(adminPaths).toEqual([...shellsOwn, ...BACK_OFFICE_SCREENS.map((screen) => screen.path)].sort());
  });

  it.each(EVERYONE)("the editors' image upload, as %s: only for who may add or change pages", async (who) => {
    const body = new FormData();
    body.set("module", "pages");
    const response = await request("/admin/uploads", await cookieFor(who, "pages"), { method: "POST", body });
    // Allowed, an upload without its file is the form's own answer (400, "Choose an image file.").
    expect(await answerOf(response, forbiddenMessage("pages", "update"))).toBe(CHANGE_EXPECTED[who]);
  });

  it("the shell's own routes: signed-in staff only, whatever their module", async () => {
    const noModule = await cookieFor("staff without the module", "users");
    for (const url of ["/admin/security", "/admin/export/users"]) {
      expect((await request(url, undefined)).headers.get("location"), url).toMatch(/^\/auth\?redirectTo=/);
      expect(await answerOf(await request(url, await customerCookie()), "")).toBe("Access Denied");
    }
    expect((await request("/admin/security", noModule)).status).toBe(200);
    // An unknown screen's export is a 404, not a file.
    expect((await request("/admin/export/nothing-here", noModule)).status).toBe(404);
  });

  it.each(EVERYONE)("showing or hiding the day's overview, as %s: any staff member, for themselves", async (who) => {
    const body = new URLSearchParams({ intent: "overview", collapsed: "false", redirectTo: "/admin/hives?update=due" });
    const response = await request("/admin", await cookieFor(who, "hives"), { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
    // Done, it goes back where the form came from (the post of a browser without JavaScript).
    const done = response.status === 302 && response.headers.get("location") === "/admin/hives?update=due" ? "allowed" : await answerOf(response, "");
    expect(done).toBe(who === "anonymous" || who === "customer" ? VIEW_EXPECTED[who] : "allowed");
  });

  it("the day's overview and the menu's counts: only the parts the person's role may view", async () => {
    const page = async (grants: Parameters<typeof insertStaffRole>[1], path: string) => (await request(path, await staffCookie(await insertStaffRole(server.platform.db, grants)))).text();
    const { asset } = await insertStayAsset(server.platform.db);
    await insertBooking(server.platform.db, asset.id, { guestEmail: "waiting@example.com", status: "pending" });
    const frontDesk = await page({ bookings: ["view"] }, "/admin/bookings");
    expect(frontDesk).toContain("Arriving and leaving");
    expect(frontDesk).toMatch(/Bookings<span class="sr-only">\(<!-- -->\d+<!-- --> waiting\)/);
    expect(frontDesk).not.toMatch(/Payments in|Hive updates|Hive adoptions/);

    const beekeeper = await page({ hives: ["view"] }, "/admin/hives");
    expect(beekeeper).toContain(">Today<");
    expect(beekeeper).toContain("Hive updates");
    expect(beekeeper).not.toMatch(/Arriving and leaving|Booking requests|Payments in|waiting\)/);

    // A role whose screens have no part of the overview lands on its first screen without one.
    const editor = await page({ posts: ["view"] }, "/admin/posts");
    expect(editor).toContain("Blog Posts");
    expect(editor).not.toMatch(/>Today<|Hive updates|Booking requests/);
  });
});
