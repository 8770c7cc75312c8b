import type { APIError } from "better-auth/api";
import type { Platform } from "~/platform/runtime.server";
import type { Auth } from "./auth-instance.server";

export type { Auth };

const instances = new WeakMap<Platform, Promise<Auth>>();

/**
 * The platform's Better Auth (auth-instance.server.ts), loaded with the first request that
 * needs it: it is a large part of the server's start, and anonymous pages never use it.
 */
export function getAuth(platform: Platform): Promise<Auth> {
  let auth = instances.get(platform);
  if (!auth) {
    auth = import("./auth-instance.server").then(({ createAuth }) => createAuth(platform));
    instances.set(platform, auth);
  }
  return auth;
}

/** Better Auth's own refusal (a wrong password, a spent token…), told apart from other failures of a call to it. */
export async function authApiError(error: unknown): Promise<APIError | null> {
  // Better Auth is loaded by then: the call that failed went through it.
  const { APIError } = await import("better-auth/api");
  return error instanceof APIError ? error : null;
}

export function googleSignInEnabled(platform: Platform) {
  return Boolean(platform.env.GOOGLE_CLIENT_ID && platform.env.GOOGLE_CLIENT_SECRET);
}
