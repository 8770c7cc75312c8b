import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Toasts: sonner's on React pages (each an <li data-sonner-toast>), the server-rendered flash
 * toast on pages served without React ([data-flash-toast]), and a toast shown inside an open
 * dialog instead of over it ([data-dialog-toast]).
 */
const TOAST = "[data-sonner-toast], [data-flash-toast], [data-dialog-toast]";
const OPEN_TOAST_CLOSE = '[data-sonner-toast]:not([data-removed="true"]) [data-close-button], [data-flash-toast] [data-toast-close], [data-dialog-toast] [data-toast-close]';

/** The toast with this title. */
export function toast(page: Page, title: string): Locator {
  return page.locator(TOAST).filter({ has: page.getByText(title, { exact: true }) });
}

/** Closes the open toasts, so an accessibility check sees the page itself. */
export async function dismissToasts(page: Page) {
  const close = page.locator(OPEN_TOAST_CLOSE);
  // A toast may time out while it is being clicked (a closed sonner toast stays in the DOM,
  // marked data-removed, while it animates out): then there is simply one fewer to close.
  while ((await close.count()) > 0) await close.first().click({ timeout: 2_000 }).catch(() => undefined);
  await expect(page.locator(TOAST)).toHaveCount(0);
}
