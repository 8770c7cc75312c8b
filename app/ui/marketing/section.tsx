import type { ComponentProps, ReactNode } from "react";
import { CheckMark } from "~/ui/primitives/check-mark";
import { cn } from "~/ui/primitives/cn";

type Tone = "cream" | "white" | "honey" | "dark";

const tones: Record<Tone, string> = {
  cream: "bg-cream",
  white: "bg-surface",
  honey: "bg-honey-50",
  dark: "surface-dark",
};

/** A full-width band of a marketing page, labelled by its heading; `backdrop` spans the whole band. */
export function Section({
  id,
  tone = "cream",
  backdrop,
  className,
  children,
  ...props
}: { id: string; tone?: Tone; backdrop?: ReactNode } & ComponentProps<"section">) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("relative overflow-hidden py-16 sm:py-20", tones[tone], className)} {...props}>
      {backdrop}
      <div className="relative mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}

/** Eyebrow, heading (its id labels the section) and an optional lead paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  dark = false,
  center = false,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  dark?: boolean;
  center?: boolean;
}) {
  return (
    <div className={cn("max-w-3xl", center && "mx-auto text-center")}>
      {eyebrow && (
        <p className={cn("text-sm font-semibold tracking-wider uppercase", dark ? "text-honey-300" : "text-honey-800")}>{eyebrow}</p>
      )}
      <h2 id={`${id}-title`} className={cn("mt-2 text-3xl font-bold tracking-tight sm:text-4xl", dark ? "text-cream" : "text-ink")}>
        {title}
      </h2>
      {children && <div className={cn("mt-4 text-lg", dark ? "text-forest-100" : "text-ink-muted")}>{children}</div>}
    </div>
  );
}

/** A card in a grid: an optional icon, a heading and its text. */
export function FeatureCard({
  icon,
  title,
  children,
  className,
  headingLevel = 3,
}: {
  icon?: ReactNode;
  title: string;
  children: ReactNode;
  className?: string;
  headingLevel?: 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cn("h-full rounded-2xl border border-border bg-surface p-6 shadow-card", className)}>
      {icon && (
        <span className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-honey-100 text-honey-800 [&_svg]:size-6" aria-hidden="true">
          {icon}
        </span>
      )}
      <Heading className="text-xl font-bold text-ink">{title}</Heading>
      <div className="mt-2 text-ink-muted">{children}</div>
    </div>
  );
}

export type FeatureItem = { icon?: ReactNode; title: string; text: ReactNode };

/** A grid of feature cards (`className` sets the columns). */
export function FeatureGrid({ cards, className }: { cards: readonly FeatureItem[]; className?: string }) {
  return (
    <ul className={cn("mt-10 grid gap-6", className)}>
      {cards.map((card) => (
        <li key={card.title}>
          <FeatureCard icon={card.icon} title={card.title}>
            <p>{card.text}</p>
          </FeatureCard>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps ("Step 1: …" for screen readers; the number itself is decoration). */
export function NumberedSteps({ steps, className, titleClassName = "text-lg" }: { steps: readonly { title: string; text: ReactNode }[]; className?: string; titleClassName?: string }) {
  return (
    <ol className={cn("mt-10 grid gap-6", className)}>
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-2xl border border-border bg-surface p-6 shadow-card">
          <span className="flex size-11 items-center justify-center rounded-full bg-honey-400 text-lg font-bold text-ink" aria-hidden="true">
            {index + 1}
          </span>
          <h3 className={cn("mt-4 font-bold text-ink", titleClassName)}>
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-ink-muted">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** A list with honey check marks. */
export function CheckList({ items, className, dark = false }: { items: readonly ReactNode[]; className?: string; dark?: boolean }) {
  return (
    <ul className={cn("space-y-3", className)}>
      {items.map((item, index) => (
        <li key={index} className="flex gap-3">
          <CheckMark className={cn("mt-1 size-5 shrink-0", dark ? "text-honey-300" : "text-forest-700")} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
