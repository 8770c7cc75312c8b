import { eq } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { profiles, secondFactors } from "../../app/platform/db/schema";
import { insertCustomer, insertStaffRole } from "../factories/accounts";
import { toast, uniqueEmail } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { waitForMail } from "./mailbox";

/**
 * User Management as an administrator uses it: find a person, give them a staff role, fix their
 * profile, reset their password (the spec's messages first), export the list, and see another
 * person's change appear without reloading. Then a staff member whose role may only view users.
 * The rules behind each button are proven command by command in features/users/users.test.ts.
 */
test("an administrator manages people: roles, profile, password, CSV, live refresh", async ({ page, server, signIn, visit, browser }) => {
  test.setTimeout(60_000);
  const db = server.platform.db;
  const person = await insertCustomer(db, { email: uniqueEmail("person") });
  const frontDesk = await insertStaffRole(db, { bookings: ["view", "update"] });
  const admin = await signIn.admin();

  await visit("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Back-office" });
  await expect(nav.getByRole("link", { name: "User Management" })).toHaveAttribute("aria-current", "page");

  // Search keeps its state in the address.
  await page.getByLabel("Search by e-mail or phone").fill(person.email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(person.email).replace(/[.]/g, "\\.")}`));
  const row = page.getByRole("row").filter({ hasText: person.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("customer");
  await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();

  // Manage Roles: tick the staff role.
  await row.getByText("Actions").click();
  await row.getByRole("link", { name: "Manage Roles" }).click();
  const rolesDialog = page.getByRole("dialog", { name: "Manage Roles" });
  await expect(rolesDialog).toBeVisible();
  await expectAccessible(page, "Manage Roles");
  await rolesDialog.getByRole("checkbox", { name: new RegExp(`^${frontDesk}`) }).check();
  await rolesDialog.getByRole("button", { name: "Save Roles" }).click();
  await expect(toast(page, "Roles updated")).toBeVisible();
  await expect(rolesDialog).toHaveCount(0);
  await expect(row).toContainText(frontDesk);

  // Edit Profile from a click on the row: a bad phone is refused with its message, then saved.
  await row.getByRole("cell").nth(2).click();
  const profileDialog = page.getByRole("dialog", { name: "Edit Profile" });
  await expect(profileDialog.getByLabel("Email")).toHaveValue(person.email);
  await profileDialog.getByLabel(/Phone/).fill("call me maybe");
  await profileDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(profileDialog.getByText("Phone number may contain only digits, spaces and + ( ) - .")).toBeVisible();
  await profileDialog.getByLabel(/Phone/).fill("+1 360 555 0142");
  await profileDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Profile updated")).toBeVisible();
  await expect(row).toContainText("+1 360 555 0142");

  // Reset Password: the spec's checks, then done, and the person is told.
  await row.getByText("Actions").click();
  await row.getByRole("link", { name: "Reset Password" }).click();
  const resetDialog = page.getByRole("dialog", { name: "Reset Password" });
  await resetDialog.getByLabel("New password", { exact: true }).fill("Orchard-Lantern-58");
  await resetDialog.getByLabel("Confirm new password").fill("Orchard-Lantern-59");
  await resetDialog.getByRole("button", { name: "Reset Password" }).click();
  // Said once, inside the dialog: the title at its top, the words under the field.
  await expect(resetDialog.locator("[data-dialog-toast]")).toHaveText(/^Password Reset Failed$/);
  await expect(resetDialog.getByText("Passwords do not match").filter({ visible: true })).toHaveCount(1);
  await resetDialog.getByLabel("Confirm new password").fill("Orchard-Lantern-58");
  await resetDialog.getByRole("button", { name: "Reset Password" }).click();
  await expect(toast(page, "Password Reset")).toContainText(person.email);
  // The failure's message went with the next try: only the success is said.
  await expect(toast(page, "Password Reset Failed")).toHaveCount(0);
  await waitForMail(person.email, /changed by an administrator/);

  // Over five minutes after signing in, setting someone's password asks to confirm it's you
  // first ("Confirm it's you"), then the same form goes through without retyping.
  // (The server's clock stands where the test server started it: move it six minutes past now,
  // and back afterwards: the worker's later tests' sessions would be stale from the start.)
  const before = server.clock.now();
  server.clock.advance(Date.now() - server.clock.now() + 6 * 60_000);
  await row.getByText("Actions").click();
  await row.getByRole("link", { name: "Reset Password" }).click();
  const again = page.getByRole("dialog", { name: "Reset Password" });
  await again.getByLabel("New password", { exact: true }).fill("Juniper-Copper-Falcon-73");
  await again.getByLabel("Confirm new password").fill("Juniper-Copper-Falcon-73");
  await again.getByRole("button", { name: "Reset Password" }).click();
  const proof = page.getByRole("dialog", { name: "Confirm it's you" });
  await proof.getByLabel("Your password").fill("not my password");
  await proof.getByRole("button", { name: "Confirm with password" }).click();
  await expect(proof.getByLabel("Your password")).toHaveAccessibleDescription(/That is not your password\./);
  await expectAccessible(page, "Confirm it's you, over the Reset Password dialog");
  await proof.getByLabel("Your password").fill(admin.password);
  await proof.getByRole("button", { name: "Confirm with password" }).click();
  await expect(toast(page, "Password Reset")).toContainText(person.email);
  await expect(proof).toHaveCount(0);

  // Unticking 2FA in Edit Profile is Reset Second Factors by another button: another six minutes
  // on, it asks for the proof too, then the person's factors are gone.
  await db.insert(secondFactors).values({ userId: person.userId, kind: "phone", friendlyName: "Old phone", phoneNumber: "+13605550124" });
  await db.update(profiles).set({ is2faEnabled: true }).where(eq(profiles.id, person.userId));
  await expect(row).toContainText("Enabled");
  server.clock.advance(6 * 60_000);
  await row.getByRole("cell").nth(2).click();
  const untick = page.getByRole("dialog", { name: "Edit Profile" });
  await untick.getByRole("checkbox", { name: /Two-factor authentication/ }).uncheck();
  await untick.getByRole("button", { name: "Save Changes" }).click();
  await proof.getByLabel("Your password").fill(admin.password);
  await proof.getByRole("button", { name: "Confirm with password" }).click();
  await expect(toast(page, "Profile updated")).toBeVisible();
  await expect(row).toContainText("Disabled");
  expect(await db.select().from(secondFactors).where(eq(secondFactors.userId, person.userId))).toEqual([]);
  server.clock.advance(before - server.clock.now());

  // CSV of the current filter.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("Email,Phone,Roles,2FA,First login,Created");
  expect(csv).toContain(`${person.email},+1 360 555 0142,`);
  expect(csv.trim().split("\r\n")).toHaveLength(2);

  // Someone else changes the person: the open list follows.
  await db.update(profiles).set({ phoneNumber: "+1 360 555 0199" }).where(eq(profiles.id, person.userId));
  await expect(row).toContainText("+1 360 555 0199");

  // A staff member whose role may only view users: one screen, no actions that would be refused.
  const viewerRole = await insertStaffRole(db, { users: ["view"] });
  const context = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: { "x-forwarded-for": "10.9.8.7" } });
  await signIn.admin({ role: viewerRole }, context);
  const staffPage = await context.newPage();
  await staffPage.goto("/admin");
  await waitForHydration(staffPage);
  await expect(staffPage).toHaveURL(/\/admin\/users$/);
  const staffNav = staffPage.getByRole("navigation", { name: "Back-office" });
  await expect(staffNav.getByRole("link")).toHaveText(["User Management", "Security", "Change Password"]);
  // A row's menu holds only the person's record: nothing that would be refused.
  await staffPage.getByRole("button", { name: /^Actions for / }).first().click();
  await expect(staffPage.locator("[popover]:popover-open").getByRole("link")).toHaveText(["Person's record"]);
  await staffPage.keyboard.press("Escape");
  await expectAccessible(staffPage, "/admin/users as a viewer");
  await context.close();
});
