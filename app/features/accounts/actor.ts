import { createContext } from "react-router";

/**
 * Who is asking. Every feature command takes the actor first and checks permission itself,
 * so no route can forget to. Signed-in actors arrive with the accounts work.
 */
export type Actor =
  | { kind: "anonymous" }
  | { kind: "customer"; userId: string; email: string; emailVerified: boolean }
  | { kind: "admin"; userId: string; email: string };

export const anonymous: Actor = { kind: "anonymous" };

export const actorContext = createContext<Actor>(anonymous);
