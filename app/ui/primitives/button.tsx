import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "./cn";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg" | "icon";
export type ButtonStyleProps = { variant?: ButtonVariant; size?: ButtonSize };

const base =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap " +
  "transition-colors duration-150 select-none cursor-pointer " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 " +
  "[&_svg]:size-[1.1em] [&_svg]:shrink-0";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover",
  secondary: "bg-accent text-accent-foreground shadow-sm hover:bg-accent-hover",
  outline: "border border-ink/25 bg-surface/60 text-ink hover:border-ink/40 hover:bg-surface",
  ghost: "text-ink hover:bg-ink/5",
  // White on red-800: 8.3:1.
  danger: "bg-red-800 text-white shadow-sm hover:bg-red-900",
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-9 px-4 text-sm",
  md: "min-h-11 px-5 text-[0.95rem]",
  lg: "min-h-12 px-7 text-base",
  icon: "size-11 p-0",
};

/** The classes of a button; for elements that are not a <button> or a router link. */
export function buttonClasses({ variant = "primary", size = "md" }: ButtonStyleProps = {}, className?: string) {
  return cn(base, variants[variant], sizes[size], className);
}

export type ButtonProps = ComponentProps<"button"> & ButtonStyleProps;

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size }, className)} {...props} />;
}

export type ButtonLinkProps = ComponentProps<typeof Link> & ButtonStyleProps;

/** An in-app link that looks like a button. */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses({ variant, size }, className)} {...props} />;
}
