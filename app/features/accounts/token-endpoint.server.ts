import type { Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { refusalToast } from "~/platform/toast";
import { safeRedirectPath } from "./auth.schema";
import { issueIdTokenNonce, signInWithIdToken } from "./google-id-token.server";
import { LOGIN_FAILED_TITLE } from "./messages";
import type { RequestMeta } from "./request-meta";
import { startWalletSignIn, signInWithWallet } from "./wallet-sign-in.server";

const MAX_BODY_BYTES = 32 * 1024;

/** A JSON request body of at most 32 KiB, as an object, or null. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown> | null> {
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) return null;
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The answer of the token and nonce endpoints: the value, or the refusal's toast under its status. */
function answer<T extends object>(outcome: Result<T>, extra: (value: T) => object = (value) => value, headers?: HeadersInit) {
  if (!outcome.ok) return Response.json({ ok: false, toast: refusalToast(outcome, outcome.title ?? LOGIN_FAILED_TITLE) }, { status: outcome.status });
  return Response.json({ ok: true, ...extra(outcome.value) }, { headers });
}

const badRequest = (error: string) => Response.json({ ok: false, error }, { status: 400 });

/**
 * POST /api/auth/token?grant_type=web3 | id_token (the catalogue's /token): a wallet's signed
 * message, or a Google ID token. Success sets the session cookie and names where to go next
 * (`redirectTo`, checked to be a path of this site; the admin login for a code still owed).
 */
export async function tokenEndpoint(platform: Platform, request: Request, meta: RequestMeta) {
  const grantType = new URL(request.url).searchParams.get("grant_type");
  const body = await readJsonBody(request);
  if (!body) return badRequest("invalid_request");
  const outcome =
    grantType === "web3" ? await signInWithWallet(platform, body, meta) : grantType === "id_token" ? await signInWithIdToken(platform, body, meta) : null;
  if (!outcome) return badRequest("unsupported_grant_type");
  const fallback = body.door === "admin" ? "/admin" : "/adopt-hive-signup";
  return answer(
    outcome,
    (value) => ({ redirectTo: value.secondFactorRequired ? "/auth" : safeRedirectPath(body.redirectTo, fallback), secondFactorRequired: value.secondFactorRequired }),
    outcome.ok ? outcome.value.headers : undefined,
  );
}

/** POST /api/auth/nonce: a wallet's message to sign ({ chain, address?, chainId? }), or a nonce for Google One Tap ({ purpose: "id_token" }). */
export async function nonceEndpoint(platform: Platform, request: Request, meta: RequestMeta) {
  const body = await readJsonBody(request);
  if (!body) return badRequest("invalid_request");
  if (body.purpose === "id_token") return answer(await issueIdTokenNonce(platform, meta));
  return answer(await startWalletSignIn(platform, body, meta));
}
