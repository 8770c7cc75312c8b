import { cn } from "../primitives/cn";

const shared =
  "text-lg leading-relaxed [&_p]:mt-4 [&_p:first-child]:mt-0 [&_h2]:mt-10 [&_h2]:text-3xl [&_h2]:font-bold [&_h3]:mt-8 [&_h3]:text-2xl [&_h3]:font-bold " +
  "[&_h4]:mt-6 [&_h4]:text-xl [&_h4]:font-semibold [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1.5 " +
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-5 [&_blockquote]:italic [&_hr]:my-10 [&_figure]:mt-8 [&_figcaption]:mt-2 [&_figcaption]:text-base " +
  "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-2xl [&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:p-4 [&_pre]:text-base [&_code]:font-mono " +
  "[&_a]:font-semibold [&_a]:underline [&_a]:underline-offset-4 [&_strong]:font-bold";

/** Styles for sanitised editor HTML (page sections, blog posts), on light or dark ground. */
export function proseClasses(tone: "light" | "dark", className?: string) {
  return cn(
    shared,
    tone === "light"
      ? "text-ink [&_a]:text-link [&_blockquote]:border-honey-400 [&_blockquote]:text-ink-muted [&_figcaption]:text-ink-muted [&_hr]:border-border [&_pre]:bg-cream-dark"
      : "text-cream [&_a]:text-honey-200 [&_blockquote]:border-honey-300 [&_figcaption]:text-forest-100 [&_hr]:border-forest-400 [&_pre]:bg-forest-950/70",
    className,
  );
}
