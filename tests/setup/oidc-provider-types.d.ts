/**
 * The part of `oidc-provider` (which ships no types) that the tests' OpenID provider uses
 * (tests/setup/oidc-provider.ts).
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Account = { accountId: string; claims: () => Record<string, unknown> | Promise<Record<string, unknown>> };
  export type Configuration = {
    clients?: Record<string, unknown>[];
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, unknown>;
    interactions?: { url: (ctx: unknown, interaction: { uid: string }) => string };
    pkce?: { required: (ctx: unknown, client: unknown) => boolean };
    cookies?: { keys: string[] };
    jwks?: { keys: Record<string, unknown>[] };
    ttl?: Record<string, number>;
  };
  type InteractionDetails = { prompt: { name: string }; params: Record<string, unknown>; grantId?: string; session?: { accountId: string } };
  class Grant {
    constructor(init: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
