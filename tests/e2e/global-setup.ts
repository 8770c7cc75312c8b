import { startGoogleProvider } from "./google-provider";
import { startMailbox } from "./mailbox";

/**
 * Starts what the app under test talks to: the mailbox it sends to and the stand-in for Google.
 * Playwright starts the web servers first; that is fine for both: the mail worker retries, and
 * Better Auth retries a failed OpenID discovery on the next Google sign-in
 * (tests/integration/google-discovery.test.ts).
 */
export default async function globalSetup() {
  const stopMailbox = await startMailbox(process.env.E2E_MAILBOX_DIR!);
  const stopGoogle = await startGoogleProvider();
  return async () => {
    await stopGoogle();
    await stopMailbox();
  };
}
