import type { ReactNode } from "react";
import { Form } from "react-router";

export const LOGOUT_ACTION = "/logout";

/** A POST form to the logout action; put the submit button inside. */
export function LogoutForm({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Form method="post" action={LOGOUT_ACTION} className={className}>
      {children}
    </Form>
  );
}
