/** Small building blocks shared by the scenes: trees, hives, the RV trailer. */

export function FirTree({ x, y, h, color = "#1f3d2b" }: { x: number; y: number; h: number; color?: string }) {
  const w = h * 0.42;
  return (
    <g transform={`translate(${x} ${y})`} fill={color}>
      <rect x={-h * 0.025} y={-h * 0.12} width={h * 0.05} height={h * 0.12} fill="#3b2a1a" />
      <path d={`M0 ${-h}L${w * 0.32} ${-h * 0.7}H${w * 0.16}L${w * 0.42} ${-h * 0.42}H${w * 0.22}L${w / 2} ${-h * 0.1}H${-w / 2}L${-w * 0.22} ${-h * 0.42}H${-w * 0.42}L${-w * 0.16} ${-h * 0.7}H${-w * 0.32}Z`} />
    </g>
  );
}

/** A Langstroth hive: stand, two brood boxes, a super and a telescoping lid. */
export function Hive({ x, y, s = 1, body = "#fdf3d6", accent = "#f3b63f" }: { x: number; y: number; s?: number; body?: string; accent?: string }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`} stroke="#1c2a22" strokeWidth="2.5" strokeLinejoin="round">
      <path d="M-46 0v-14M46 0v-14" />
      <rect x="-52" y="-20" width="104" height="8" fill="#7a4a06" />
      <rect x="-44" y="-66" width="88" height="46" fill={body} />
      <rect x="-44" y="-106" width="88" height="40" fill={accent} />
      <rect x="-44" y="-132" width="88" height="26" fill={body} />
      <rect x="-50" y="-146" width="100" height="14" rx="2" fill="#4b5a51" />
      <rect x="-16" y="-26" width="32" height="6" fill="#1c2a22" />
      <path d="M-30 -44h12M18 -44h12M-30 -88h12M18 -88h12" strokeWidth="3" strokeLinecap="round" />
    </g>
  );
}

/** A small vintage travel trailer with a warmly lit window and an awning. */
export function RvTrailer({ x, y, s = 1, lit = true }: { x: number; y: number; s?: number; lit?: boolean }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`} stroke="#1c2a22" strokeWidth="3" strokeLinejoin="round">
      <path d="M-150 -20h-40" strokeLinecap="round" />
      <path d="M-150 -10C-160 -70-150 -130-90 -140H90C140 -140 160 -90 160 -40V-10Z" fill="#fbf6ea" />
      <path d="M-153 -46H160" stroke="#e39b17" strokeWidth="14" />
      <path d="M-153 -46H160" stroke="#1c2a22" strokeWidth="2" />
      <rect x="-118" y="-118" width="74" height="44" rx="14" fill={lit ? "#f7cd72" : "#9fbca7"} />
      <rect x="18" y="-118" width="60" height="44" rx="14" fill={lit ? "#f3b63f" : "#9fbca7"} />
      <rect x="-28" y="-122" width="36" height="100" rx="6" fill="#c7d8cb" />
      <circle cx="0" cy="-72" r="3" fill="#1c2a22" />
      <path d="M-40 -150 -60 -178H44L30 -150Z" fill="#c27a0c" />
      <path d="M-60 -178v-4M-40 -178l0 28M-20 -178l-2 28M0 -178v28M20 -178l2 28" strokeWidth="2" />
      <circle cx="-64" cy="-8" r="22" fill="#1c2a22" />
      <circle cx="-64" cy="-8" r="9" fill="#c7d8cb" />
      <circle cx="66" cy="-8" r="22" fill="#1c2a22" />
      <circle cx="66" cy="-8" r="9" fill="#c7d8cb" />
    </g>
  );
}
