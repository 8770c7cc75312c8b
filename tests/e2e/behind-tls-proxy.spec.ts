import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ADMIN_LANDING, nextCode, submitAdminLogin, totpFor } from "./admin-helpers";
import { signUp, toast, uniqueEmail } from "./customer-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { waitForMail } from "./mailbox";
import { freeStay, openPortalBooking, pickPortalStay } from "./stays-helpers";
import { freePort } from "../setup/server-process";

/**
 * The deployment of docs/deployment.md, end to end: nginx terminates TLS (a certificate made
 * here) and speaks http to the built app, whose APP_URL is the https address. Forms are posted
 * from https, through the proxy, as every visitor's are in production.
 */
const PROXY_PORT = await freePort();
const PUBLIC = `https://localhost:${PROXY_PORT}`;

const OWN_SERVER = { reason: "served at an https address, through nginx", settings: { APP_URL: PUBLIC } };

test.use({
  ownServer: OWN_SERVER,
  baseURL: PUBLIC,
  ignoreHTTPSErrors: true,
});
test.describe.configure({ mode: "default" });

let nginx: ChildProcess | undefined;
let dir = "";

test.beforeAll(async ({ servers }, testInfo) => {
  const server = await servers.ownFor(testInfo.file, OWN_SERVER.settings);
  dir = mkdtempSync(path.join(tmpdir(), "apiary-nginx-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
    "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")], { stdio: "ignore" });
  const appPort = new URL(server.url).port;
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream apiary { server 127.0.0.1:${appPort}; keepalive 8; }
  server {
    listen 127.0.0.1:${PROXY_PORT} ssl;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    client_max_body_size 12m;
    location / {
      proxy_pass http://apiary;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`,
  );
  nginx = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  nginx.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await listening(PROXY_PORT))) {
    if (Date.now() > deadline || nginx.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

test.afterAll(() => {
  nginx?.kill("SIGQUIT");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function listening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

test("a visitor signs up, books a stay and writes to the team, over https through the proxy", async ({ page, context }) => {
  const email = uniqueEmail("tls");
  await signUp(page, email);
  const cookies = await context.cookies(PUBLIC);
  expect(cookies.find((c) => c.name === "__Secure-apiary.session_token")?.secure).toBe(true);

  await waitForHydration(page);
  const assetId = await openPortalBooking(page);
  await waitForHydration(page);
  const stay = await freeStay(page.request, assetId, 2);
  await pickPortalStay(page, stay.checkIn, 2);
  await page.getByLabel("Guest name").fill("Secure Guest");
  await page.getByRole("button", { name: "Request Booking" }).click();
  await expect(toast(page, "Booking request submitted!")).toBeVisible();
  const mail = await waitForMail(email, /Your booking request at Stanwood/);
  expect(mail.text).toContain(`${PUBLIC}/`);

  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByLabel("Name", { exact: true }).fill("Secure Visitor");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Subject").fill(`Over TLS ${Date.now()}`);
  await page.getByRole("textbox", { name: "Message" }).fill("Does the form work behind the proxy?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(toast(page, "Message sent!")).toBeVisible();
  await expectAccessible(page, "/contact over https");
});

test("an administrator signs in with the password and an authenticator code, over https through the proxy", async ({ page, browser, server, signIn }) => {
  const elsewhere = await browser.newContext();
  const admin = await signIn.admin({ twoFactor: true }, elsewhere);
  await elsewhere.close();
  const totp = totpFor(admin.totpSecret!);

  await page.goto("/auth");
  await waitForHydration(page);
  await submitAdminLogin(page, admin.email, admin.password);
  await expect(page.getByRole("heading", { level: 1, name: "Two-Factor Authentication" })).toBeVisible();
  await waitForHydration(page);
  // The code of the fixture's own sign-in is spent: the next step's.
  await page.getByLabel("Authenticator code").fill(nextCode(totp, server));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${PUBLIC}${ADMIN_LANDING.path}`);
  await expect(page.getByRole("heading", { level: 1, name: ADMIN_LANDING.heading })).toBeVisible();
});
