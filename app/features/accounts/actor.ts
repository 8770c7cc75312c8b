import { createContext } from "react-router";

/**
 * Who is asking. Every feature command takes the actor first and checks permission itself,
 * so no route can forget to.
 */
export type Actor =
  | { kind: "anonymous" }
  | { kind: "customer"; userId: string; email: string; emailVerified: boolean }
  | { kind: "admin"; userId: string; email: string; emailVerified: boolean; firstLogin: boolean; twoFactorEnabled: boolean };

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
