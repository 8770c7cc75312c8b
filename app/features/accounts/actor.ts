import { createContext } from "react-router";
import type { Permissions } from "./permissions";

/**
 * Who is asking. Every feature command takes the actor first and checks permission itself,
 * so no route can forget to.
 */
export type Actor =
  | { kind: "anonymous" }
  /** `name` comes with the session, so pages that greet the customer need no query of their own. */
  | { kind: "customer"; userId: string; email: string; name: string; emailVerified: boolean }
  /**
   * Someone who works in the back-office: an administrator (`isAdministrator`, every
   * permission) or a member of a staff role (the flags of the permission matrix).
   */
  | {
      kind: "staff";
      userId: string;
      email: string;
      emailVerified: boolean;
      firstLogin: boolean;
      twoFactorEnabled: boolean;
      /** An administrator asked this person to set up 2FA: the back-office sends them to do it first. */
      twoFactorRequired: boolean;
      /** This session began with a passkey: two factors at once, so it satisfies a site that requires 2FA. */
      signedInWithPasskey?: boolean;
      roles: string[];
      isAdministrator: boolean;
      /** Read once per request, with the session. */
      permissions: Permissions;
    };

/** Someone who works in the back-office: an administrator or a member of a staff role. */
export type StaffActor = Extract<Actor, { kind: "staff" }>;

export type SignedInActor = Exclude<Actor, { kind: "anonymous" }>;

export const anonymous: Actor = { kind: "anonymous" };

/**
 * The session behind the actor. `pendingSecondFactor` is a signed-in password (or Google)
 * session of a 2FA user that has not given its code yet: it grants nothing until it does.
 */
export type AuthState = {
  actor: Actor;
  session?: { id: string; token: string; userId: string; createdAt: Date };
  pendingSecondFactor?: { userId: string; email: string; sessionId: string; createdAt: Date };
};

export const authStateContext = createContext<AuthState>({ actor: anonymous });

export const isSignedIn = (actor: Actor): actor is SignedInActor => actor.kind !== "anonymous";
