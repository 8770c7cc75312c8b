import type { Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { refusalToast } from "~/platform/toast";
import { safeRedirectPath } from "./auth.schema";
import { customerTwoStepPath } from "./two-step/customer-two-step";
import { issueIdTokenNonce, signInWithIdToken } from "./google-id-token.server";
import { LOGIN_FAILED_TITLE } from "./messages";
import type { RequestMeta } from "./request-meta";
import { startWalletSignIn, signInWithWallet } from "./wallet-sign-in.server";

/**
 * The request's fields. Like every post to this site, a form (URL-encoded or multipart): the
 * server refuses other bodies, oversized ones and malformed ones before they get here.
 */
export async function readFields(request: Request): Promise<Record<string, string> | null> {
  const form = await request.formData().catch(() => null);
  if (!form) return null;
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return fields;
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
  const body = await readFields(request);
  if (!body) return badRequest("invalid_request");
  const outcome =
    grantType === "web3" ? await signInWithWallet(platform, body, meta) : grantType === "id_token" ? await signInWithIdToken(platform, body, meta) : null;
  if (!outcome) return badRequest("unsupported_grant_type");
  const fallback = body.door === "admin" ? "/admin" : "/adopt-hive-signup";
  return answer(
    outcome,
    (value) => ({
      redirectTo: value.secondFactorRequired ? (body.door === "admin" ? "/auth" : customerTwoStepPath(safeRedirectPath(body.redirectTo, fallback))) : safeRedirectPath(body.redirectTo, fallback),
      secondFactorRequired: value.secondFactorRequired,
    }),
    outcome.ok ? outcome.value.headers : undefined,
  );
}

/** POST /api/auth/nonce: a wallet's message to sign ({ chain, address?, chainId? }), or a nonce for Google One Tap ({ purpose: "id_token" }). */
export async function nonceEndpoint(platform: Platform, request: Request, meta: RequestMeta) {
  const body = await readFields(request);
  if (!body) return badRequest("invalid_request");
  if (body.purpose === "id_token") return answer(await issueIdTokenNonce(platform, meta));
  return answer(await startWalletSignIn(platform, body, meta));
}
