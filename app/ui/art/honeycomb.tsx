import { useId, type ComponentProps } from "react";

type HoneycombProps = ComponentProps<"svg"> & { color?: string; opacity?: number };

/** A honeycomb texture that fills its box; place it absolutely behind a section's content. */
export function HoneycombPattern({ color = "#c27a0c", opacity = 0.14, ...props }: HoneycombProps) {
  const id = `comb-${useId().replace(/[^a-zA-Z0-9-]/g, "")}`;
  return (
    <svg aria-hidden="true" focusable="false" width="100%" height="100%" {...props}>
      <defs>
        <pattern id={id} width="56" height="97" patternUnits="userSpaceOnUse" patternTransform="scale(0.7)">
          <path
            d="M28 0 56 16.2v32.3L28 64.7 0 48.5V16.2ZM28 64.7v32.3M0 97V80.8M56 97V80.8"
            fill="none"
            stroke={color}
            strokeOpacity={opacity}
            strokeWidth="2"
          />
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill={`url(#${id})`} />
    </svg>
  );
}
