/** A five-petalled wildflower (lupine pink, clover white, or mustard yellow), centred on 0,0. */
export function FlowerShape({ x, y, r = 10, petal = "#f6a6c1", centre = "#e39b17" }: { x: number; y: number; r?: number; petal?: string; centre?: string }) {
  const petals = [0, 72, 144, 216, 288];
  return (
    <g transform={`translate(${x} ${y})`}>
      <path d={`M0 ${r * 0.8}V${r * 4}`} stroke="#3a6a4a" strokeWidth={r * 0.22} strokeLinecap="round" />
      {petals.map((angle) => (
        <ellipse key={angle} cx="0" cy={-r * 0.62} rx={r * 0.42} ry={r * 0.62} fill={petal} transform={`rotate(${angle})`} />
      ))}
      <circle r={r * 0.36} fill={centre} />
    </g>
  );
}
