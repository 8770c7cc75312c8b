import { test as base, expect, type BrowserContext, type Page, type Request } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { DEFERRED_MODULE_TYPE, HYDRATE_TRIGGER_ATTRIBUTE } from "../../app/platform/html/deferred-hydration";
import { randomClientAddress, signInAdmin, signInCustomer, type AdminOptions, type CustomerOptions, type SignedIn, type SignedInAdmin } from "./sign-in";
import { startTestServer, type Engine, type TestServer } from "./test-server";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe (WCAG 2.1 A/AA) on the page as it is now and fails on any violation. axe-core runs in
 * the page itself, injected once per document: @axe-core/playwright injects it three times and
 * opens a blank page to merge frame results, three times the cost, for frames this site has none of.
 */
export async function expectAccessible(page: Page, label = page.url()) {
  // Judged as a person sees it once it is still: a toast fading in has no contrast yet. A toast
  // mounted a frame later (a busy machine) starts its own fade: wait until a frame starts none.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let round = 0; round < 5; round++) {
      await frame();
      const running = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity && animation.playState === "running");
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  // The same page state at the same size passed already in this worker (an anonymous page many
  // tests open): axe would judge it the same way again. A state that failed is never remembered.
  const state = createHash("sha256").update(await page.evaluate(pageState)).digest("base64");
  if (passedStates.has(state)) return;
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  }, WCAG_TAGS);
  expect(violations, `accessibility violations on ${label}`).toEqual([]);
  passedStates.add(state);
}

/** Page states (pageState) axe has found no violation in, in this worker process. */
const passedStates = new Set<string>();

/**
 * Everything axe's verdict depends on, as one string: the markup (attributes, text, inline
 * styles), what the markup does not show (field values, ticks, focus, hover, scroll, style sheets
 * and rules that scripts added) and the viewport. Runs in the page.
 */
function pageState() {
  const fields = [...document.querySelectorAll<HTMLInputElement>("input, textarea, select")].map((field) => `${field.value}\u0000${field.checked}`);
  const sheets = [...document.styleSheets].map((sheet) => {
    try {
      return `${sheet.href ?? "inline"}:${sheet.disabled}:${sheet.cssRules.length}`;
    } catch {
      return `${sheet.href}:unreadable`;
    }
  });
  const path = (element: Element | null | undefined) => {
    const steps: number[] = [];
    for (let node = element; node?.parentElement; node = node.parentElement) steps.push([...node.parentElement.children].indexOf(node));
    return steps.join("/");
  };
  const hovered = [...document.querySelectorAll(":hover")].at(-1);
  return JSON.stringify([
    location.href,
    innerWidth,
    innerHeight,
    devicePixelRatio,
    scrollX,
    scrollY,
    path(document.activeElement),
    path(hovered),
    fields,
    sheets,
    document.documentElement.outerHTML,
  ]);
}

/**
 * The root marks <html data-hydrated> once React has taken over the server-rendered page (the
 * shell script marks pages served without React). A page that hydrates when its interactive part
 * is needed (PageHandle "deferred") gets the pointer moved onto that part first, as a visitor would.
 */
export async function waitForHydration(page: Page) {
  if ((await page.locator(`script[type="${DEFERRED_MODULE_TYPE}"]`).count()) > 0) {
    await page.locator(`[${HYDRATE_TRIGGER_ATTRIBUTE}]`).first().hover();
  }
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Holds back every request matching `url` until the returned `release()` is called: a slow
 * network for one script or one answer, to look at the page while it waits.
 */
export async function holdBack(page: Page, url: Parameters<Page["route"]>[0]) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The paths the page asks for from now on whose request matches, in order (read as the test goes on). */
export function requestsSeen(page: Page, matches: (request: Request) => boolean): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (matches(request)) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

/** The scripts fetched from now on whose path matches `pattern`: a part of the page's code that should wait for use. */
export const scriptsFetched = (page: Page, pattern: RegExp) => requestsSeen(page, (request) => pattern.test(new URL(request.url()).pathname));

/** The posts sent from now on: none while the browser's own check stops a form. */
export const postsSent = (page: Page) => requestsSeen(page, (request) => request.method() === "POST");

/** Whether React has taken over this element (hydrated or rendered it): it carries React's own keys then. */
export const reactOwns = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")));

type TestFixtures = {
  /** Navigates and checks the page with axe: every page a test visits is checked. */
  visit: (path: string) => Promise<void>;
  /** Console errors (CSP violations included) collected during the test; asserted empty at the end. */
  consoleErrors: string[];
  /** Signs a new account in without the forms (sign-in.ts), in the test's browser context unless given another. */
  signIn: {
    customer(options?: CustomerOptions, context?: BrowserContext): Promise<SignedIn>;
    admin(options?: AdminOptions, context?: BrowserContext): Promise<SignedInAdmin>;
  };
};

/**
 * A spec that changes what every page reads (deletes all posts, breaks the database) or needs
 * settings of its own says so with `test.use({ ownServer: { reason, settings } })`: its tests then
 * get a server of their own, started in the same worker (one process runs several servers, each
 * on its own database), and stopped once the worker moves on to another file. A new worker
 * process and browser for each such spec cost more than the spec itself. Such a spec runs its
 * tests in order (`test.describe.configure({ mode: "default" })`), so one copy serves them all.
 */
export type OwnServer = { reason: string; settings?: Record<string, string> } | null;

type WorkerFixtures = {
  /** The database engine of the project ("pglite", or "postgres" for the specs tagged @engine). */
  engine: Engine;
  /** The worker's servers: the one most specs share, and the current own-server spec's. */
  servers: ServerPool;
};

type TestOptions = {
  ownServer: OwnServer;
};

/** Starts servers on demand for a worker and keeps them while they are needed. */
class ServerPool {
  private sharedServer?: Promise<TestServer>;
  private own?: { file: string; settings: string; server: Promise<TestServer> };

  constructor(private readonly engine: Engine) {}

  /** The server every spec without settings of its own shares in this worker. */
  shared(): Promise<TestServer> {
    this.sharedServer ??= startTestServer(this.engine);
    return this.sharedServer;
  }

  /** The server of the spec in `file` (one per file, in this worker); another file's is stopped first. */
  async ownFor(file: string, settings: Record<string, string> = {}): Promise<TestServer> {
    const key = JSON.stringify(settings);
    if (this.own?.file === file && this.own.settings !== key) throw new Error(`${file} asks for its own server with two different settings: ${this.own.settings} and ${key}`);
    if (this.own?.file !== file) {
      await this.releaseOwn();
      this.own = { file, settings: key, server: startTestServer(this.engine, settings) };
    }
    return this.own.server;
  }

  /** Stops the own-server spec's server, if there is one: its file is done in this worker. */
  async releaseOwn() {
    const own = this.own;
    this.own = undefined;
    await own?.server.then((server) => server.stop());
  }

  /** Both, whatever happens to either (a server that failed to start has nothing to stop). */
  async stopAll() {
    const results = await Promise.allSettled([this.releaseOwn(), this.sharedServer?.then((server) => server.stop())]);
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  }
}

export const test = base.extend<TestFixtures & TestOptions & { server: TestServer }, WorkerFixtures>({
  engine: ["pglite", { scope: "worker", option: true }],
  servers: [
    async ({ engine }, use) => {
      const pool = new ServerPool(engine);
      await use(pool);
      await pool.stopAll();
    },
    { scope: "worker" },
  ],
  ownServer: [null, { option: true }],
  /** The app under test: the worker's shared server, or the spec's own (ownServer). */
  server: [
    async ({ servers, ownServer }, use, testInfo) => {
      if (ownServer) return use(await servers.ownFor(testInfo.file, ownServer.settings));
      // A test of another file: the last own-server spec is done in this worker.
      await servers.releaseOwn();
      await use(await servers.shared());
    },
    // Starting a server is not the test's time.
    { timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  // Each test's browser has its own client address (the test servers trust one proxy hop), so
  // the per-address rate limits of one test never count another's sign-ups and logins.
  extraHTTPHeaders: async ({}, use) => {
    await use({ "x-forwarded-for": randomClientAddress() });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
    },
    { auto: true },
  ],
  visit: async ({ page }, use) => {
    await use(async (path) => {
      await page.goto(path);
      await waitForHydration(page);
      await expectAccessible(page, path);
    });
  },
  signIn: async ({ server, context }, use) => {
    await use({
      customer: (options, other) => signInCustomer(server, other ?? context, options),
      admin: (options, other) => signInAdmin(server, other ?? context, options),
    });
  },
});

export { expect };
