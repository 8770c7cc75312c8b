/**
 * The small script every page loads (bundled on its own, see root.tsx). The shell's drawer is a
 * native <dialog> and the account menu a native popover, opened by `commandfor`/`popovertarget`
 * buttons, so they work before and without React. This adds what the platform leaves out:
 * - Tab and Shift+Tab wrap inside the open drawer (a modal dialog would let focus leave for the
 *   browser's own controls);
 * - following a link or sending a form from the drawer or the menu closes it, and so does going
 *   back or forward in history (React pages navigate without unloading);
 * - the `commandfor` buttons in browsers that do not know them yet.
 * On pages served without React (`html[data-static]`) it also runs the flash toast and keeps the
 * drawer's menu items live, the two things React does elsewhere. On pages whose hydration waits
 * for their interactive part (PageHandle `hydrate: "deferred"`), it starts React then. On every
 * page, it keeps the signed-in state in step with the other tabs (session-across-tabs.ts) and
 * applies the web fonts once the page has painted.
 */

import { followSessionAcrossTabs } from "~/platform/realtime/session-across-tabs";
import { watchTableChanges } from "~/platform/realtime/watch-changes";
import { DEFERRED_MODULE_TYPE, HYDRATE_TRIGGER_ATTRIBUTE, type HydrateTrigger } from "~/platform/html/deferred-hydration";

const DRAWER = "dialog[data-drawer]";
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const TOAST_MS = 5000;

function openDrawer(): HTMLDialogElement | null {
  return document.querySelector<HTMLDialogElement>(`${DRAWER}[open]`);
}

function closeOverlays() {
  openDrawer()?.close();
  document.querySelectorAll<HTMLElement>("[popover]:popover-open").forEach((popover) => popover.hidePopover());
}

// Tab wraps inside the open drawer.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Tab") return;
  const drawer = openDrawer();
  if (!drawer) return;
  const focusable = [...drawer.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !drawer.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !drawer.contains(active))) {
    event.preventDefault();
    first.focus();
  }
});

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;

  // A link followed from the drawer or the menu closes it (in-page anchors and React's
  // client-side navigations included, neither of which unloads the page).
  const link = target.closest("a[href]");
  if (link && link.closest(`${DRAWER}, [popover]`)) {
    closeOverlays();
    return;
  }

  // A click on the drawer's backdrop closes it (where `closedby="any"` is not supported).
  if (target.matches(DRAWER)) {
    const box = target.getBoundingClientRect();
    const { clientX: x, clientY: y } = event as MouseEvent;
    const outside = x < box.left || x > box.right || y < box.top || y > box.bottom;
    if (outside) (target as HTMLDialogElement).close();
    return;
  }

  // `commandfor` buttons, where the browser does not run them itself.
  const button = target.closest<HTMLButtonElement>("button[commandfor]");
  if (button && !("command" in HTMLButtonElement.prototype)) {
    const dialog = document.getElementById(button.getAttribute("commandfor") ?? "");
    if (!(dialog instanceof HTMLDialogElement)) return;
    const command = button.getAttribute("command");
    if (command === "show-modal" && !dialog.open) dialog.showModal();
    if (command === "close") dialog.close();
  }
});

// Sending a form from the drawer or the menu (Logout) closes it.
document.addEventListener("submit", (event) => {
  if (event.target instanceof Element && event.target.closest(`${DRAWER}, [popover]`)) closeOverlays();
});
window.addEventListener("popstate", closeOverlays);

applyWebFonts();
holdToastsWhileFocused();
startDeferredHydration();
followSessionAcrossTabs();

if (document.documentElement.hasAttribute("data-static")) {
  runFlashToast();
  keepMenuLive();
  // Browser tests wait for this, as they do for React's hydration on other pages.
  document.documentElement.dataset.hydrated = "true";
}

/**
 * Starts React Router's hydration script, held back by the server, when the page's trigger
 * element is needed: pointed at, touched or focused, or ("visible") within a screen's height of
 * the viewport.
 */
function startDeferredHydration() {
  const held = document.querySelector<HTMLScriptElement>(`script[type="${DEFERRED_MODULE_TYPE}"]`);
  if (!held) return;
  const run = () => {
    if (!held.isConnected) return;
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = held.nonce ?? "";
    script.textContent = held.textContent;
    held.replaceWith(script);
  };
  const triggers = [...document.querySelectorAll<HTMLElement>(`[${HYDRATE_TRIGGER_ATTRIBUTE}]`)];
  if (triggers.length === 0 || typeof IntersectionObserver === "undefined") return run();

  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), { rootMargin: "100% 0px" });
  const start = () => {
    observer.disconnect();
    run();
  };
  for (const trigger of triggers) {
    const when = trigger.getAttribute(HYDRATE_TRIGGER_ATTRIBUTE) as HydrateTrigger;
    if (when === "visible") observer.observe(trigger);
    for (const type of ["pointerover", "pointerdown", "focusin"]) trigger.addEventListener(type, start, { once: true });
  }
}

/**
 * The web fonts' stylesheet comes as media="print" so it never competes with the page itself;
 * it applies to the screen once the page has loaded (a repeat visit has the fonts in its cache).
 */
function applyWebFonts() {
  const apply = () => {
    document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][media="print"][href*="/fonts-"]').forEach((link) => {
      link.media = "all";
    });
  };
  // After the load, and after a frame has been painted: a small page can load before its first paint.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(apply, 0));
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });
}

/**
 * React pages' toasts (sonner) pause while the pointer is on them, not while the keyboard is:
 * focus entering or leaving their list is passed on as the pointer entering or leaving it, so a
 * toast someone tabbed to (to follow its link, say) stays until they move on.
 */
function holdToastsWhileFocused() {
  const listOf = (node: EventTarget | null) => (node instanceof Element ? node.closest("[data-sonner-toaster]") : null);
  document.addEventListener("focusin", (event) => {
    const list = listOf(event.target);
    if (list && listOf(event.relatedTarget) !== list) list.dispatchEvent(new MouseEvent("mouseover", { bubbles: true, relatedTarget: null }));
  });
  document.addEventListener("focusout", (event) => {
    const list = listOf(event.target);
    if (list && listOf(event.relatedTarget) !== list) list.dispatchEvent(new MouseEvent("mouseout", { bubbles: true, relatedTarget: document.body }));
  });
}

/** The flash toast the server rendered: announced, closable, and gone after a few seconds. */
function runFlashToast() {
  const toast = document.querySelector<HTMLElement>("[data-flash-toast]");
  if (!toast) return;
  const region = toast.parentElement!;
  // A live region announces what is added to it, not what the page loaded with.
  toast.remove();
  requestAnimationFrame(() => region.append(toast));

  let timer = setTimeout(dismiss, TOAST_MS);
  function dismiss() {
    toast!.remove();
  }
  toast.querySelector("[data-toast-close]")?.addEventListener("click", dismiss);
  // Held while the pointer or the keyboard is on it.
  const hold = () => clearTimeout(timer);
  const release = () => {
    clearTimeout(timer);
    timer = setTimeout(dismiss, TOAST_MS);
  };
  toast.addEventListener("pointerenter", hold);
  toast.addEventListener("pointerleave", release);
  toast.addEventListener("focusin", hold);
  toast.addEventListener("focusout", release);
}

/**
 * The drawer's menu items follow the menu_items table: on a change, the page is fetched again
 * and the drawer's lists replaced with the fresh ones (the same server rendering as the page's).
 */
function keepMenuLive() {
  watchTableChanges(new Set(["menu_items"]), () => void refreshMenu());
}

async function refreshMenu() {
  // "no-cache": the browser may keep a public page and serve it stale while it revalidates
  // (Cache-Control's stale-while-revalidate); the menu has just changed, so ask the server.
  const response = await fetch(window.location.href, { headers: { Accept: "text/html" }, cache: "no-cache" }).catch(() => null);
  if (!response?.ok) return;
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  const current = document.querySelector("[data-live-menu]");
  const next = fresh.querySelector("[data-live-menu]");
  if (current && next) current.replaceChildren(...[...next.childNodes].map((node) => document.importNode(node, true)));
}
