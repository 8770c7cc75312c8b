/**
 * HTML's invoker commands (`<button commandfor="id" command="show-modal">`), which React passes
 * through as plain attributes but its type definitions do not list yet.
 */
import "react";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type parameter must match React's declaration to merge with it
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover" | `--${string}`;
  }
}
