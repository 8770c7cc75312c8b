import { startMailbox } from "./mailbox";

/** Starts the mailbox the app under test sends to; Playwright calls the returned function at the end. */
export default async function globalSetup() {
  return startMailbox(process.env.E2E_MAILBOX_DIR!);
}
