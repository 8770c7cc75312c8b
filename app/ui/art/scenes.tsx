import { useId, type ComponentProps } from "react";
import { BeeShape } from "./bee";
import { FlowerShape } from "./flower";
import { FirTree, Hive, RvTrailer } from "./parts";

/**
 * Original illustrations of the Stanwood property and the places on our roadmap. Each is a
 * full scene in a 1200×800 (3:2) box: inline on a page (decorative, aria-hidden) or rendered
 * to PNG/WebP by scripts/generate-images.ts for the gallery and the sharing card.
 */
type SceneProps = Omit<ComponentProps<"svg">, "children">;

function Scene({ children, viewBox = "0 0 1200 800", ...props }: SceneProps & { children: React.ReactNode }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={viewBox} aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice" {...props}>
      {children}
    </svg>
  );
}

function useIds(...names: string[]) {
  const base = useId().replace(/[^a-zA-Z0-9]/g, "");
  return Object.fromEntries(names.map((name) => [name, `${name}-${base}`])) as Record<string, string>;
}

/** The lake at dusk: our RV trailer on the shore, firs, the last light on the water. */
export function LakeDuskScene(props: SceneProps) {
  const id = useIds("sky", "water", "glow");
  return (
    <Scene {...props}>
      <defs>
        <linearGradient id={id.sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1b2a4a" />
          <stop offset="0.45" stopColor="#7b4a6b" />
          <stop offset="0.75" stopColor="#e8845a" />
          <stop offset="1" stopColor="#f7cd72" />
        </linearGradient>
        <linearGradient id={id.water} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e9a36a" />
          <stop offset="0.35" stopColor="#5b4a6b" />
          <stop offset="1" stopColor="#15291d" />
        </linearGradient>
        <radialGradient id={id.glow} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#f7cd72" stopOpacity="0.9" />
          <stop offset="1" stopColor="#f7cd72" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1200" height="470" fill={`url(#${id.sky})`} />
      <g fill="#fffaf0">
        <circle cx="140" cy="80" r="2" />
        <circle cx="310" cy="50" r="1.6" />
        <circle cx="520" cy="96" r="1.4" />
        <circle cx="860" cy="60" r="2" />
        <circle cx="1040" cy="120" r="1.5" />
      </g>
      <circle cx="760" cy="430" r="150" fill={`url(#${id.glow})`} />
      <circle cx="760" cy="440" r="46" fill="#fbe3a4" />
      <path d="M0 430C160 360 300 380 420 410S700 350 860 390 1080 360 1200 400V480H0Z" fill="#3a3a5a" />
      <path d="M0 460C200 420 380 450 560 440S900 420 1200 450V480H0Z" fill="#2a2f45" />
      <rect y="470" width="1200" height="330" fill={`url(#${id.water})`} />
      <g stroke="#fbe3a4" strokeLinecap="round" strokeOpacity="0.8">
        <path d="M700 500h120M680 530h160M710 565h100M690 605h140M730 650h60" strokeWidth="5" />
      </g>
      <path d="M0 640C140 600 260 610 360 640S560 700 620 800H0Z" fill="#1f3d2b" />
      <path d="M0 690C120 660 300 680 420 720S520 780 560 800H0Z" fill="#15291d" />
      {[60, 130, 210, 470].map((x, i) => (
        <FirTree key={x} x={x} y={650 + (i % 2) * 20} h={220 + (i % 3) * 50} color="#0d1b12" />
      ))}
      <RvTrailer x={330} y={700} s={0.9} />
      <g transform="translate(520 740)">
        <circle r="60" fill={`url(#${id.glow})`} />
        <path d="M-18 10 0-34 18 10Z" fill="#f3b63f" />
        <path d="M-9 10 0-14 9 10Z" fill="#fbe3a4" />
        <path d="M-26 14h52" stroke="#3b2a1a" strokeWidth="6" strokeLinecap="round" />
      </g>
      <path d="M240 560Q330 520 420 556" fill="none" stroke="#1c2a22" strokeWidth="1.5" />
      {[260, 290, 320, 350, 380, 405].map((x, i) => (
        <circle key={x} cx={x} cy={556 - Math.sin((i / 5) * Math.PI) * 24} r="4" fill="#fbe3a4" />
      ))}
    </Scene>
  );
}

/** A row of our hives among clover and lupine on a summer morning. */
export function HiveMeadowScene(props: SceneProps) {
  const id = useIds("sky", "field");
  return (
    <Scene {...props}>
      <defs>
        <linearGradient id={id.sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#bfe0ef" />
          <stop offset="1" stopColor="#fbf6ea" />
        </linearGradient>
        <linearGradient id={id.field} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#9fbca7" />
          <stop offset="1" stopColor="#4b7a5a" />
        </linearGradient>
      </defs>
      <rect width="1200" height="800" fill={`url(#${id.sky})`} />
      <circle cx="980" cy="150" r="70" fill="#f7cd72" />
      <path d="M0 360C200 300 360 330 520 350S860 290 1200 330V800H0Z" fill="#c7d8cb" />
      {[80, 170, 880, 960, 1060, 1140].map((x, i) => (
        <FirTree key={x} x={x} y={380 - (i % 2) * 10} h={160 + (i % 3) * 40} color="#3a6a4a" />
      ))}
      <path d="M0 420C220 380 420 400 640 420S1000 390 1200 410V800H0Z" fill={`url(#${id.field})`} />
      {[220, 420, 620, 820, 1020].map((x, i) => (
        <Hive key={x} x={x} y={600 + (i % 2) * 8} s={0.95} accent={i % 2 ? "#f7cd72" : "#f3b63f"} />
      ))}
      <path d="M0 640C300 610 600 630 900 620S1100 630 1200 640V800H0Z" fill="#3a6a4a" />
      {Array.from({ length: 26 }, (_, i) => (
        <FlowerShape
          key={i}
          x={30 + i * 46 + (i % 3) * 9}
          y={680 + ((i * 37) % 70)}
          r={9 + (i % 4) * 2}
          petal={["#f6a6c1", "#fffaf0", "#b79ce0", "#f7cd72"][i % 4]}
        />
      ))}
      <BeeShape transform="translate(300 300) scale(1.1)" />
      <BeeShape transform="translate(700 250) scale(0.9)" />
      <BeeShape transform="translate(900 420) scale(0.8)" />
      <path d="M380 330c60-40 120 20 180-30s110-10 140 -30" fill="none" stroke="#1c2a22" strokeWidth="2" strokeDasharray="6 10" strokeLinecap="round" />
    </Scene>
  );
}

/** A paddle boarder crossing the lake in morning mist. */
export function PaddleScene(props: SceneProps) {
  const id = useIds("sky", "water");
  return (
    <Scene {...props}>
      <defs>
        <linearGradient id={id.sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f9e0a0" />
          <stop offset="1" stopColor="#fdf3e1" />
        </linearGradient>
        <linearGradient id={id.water} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#9cc3c9" />
          <stop offset="1" stopColor="#3f7f86" />
        </linearGradient>
      </defs>
      <rect width="1200" height="800" fill={`url(#${id.sky})`} />
      <circle cx="300" cy="250" r="60" fill="#fcefcc" />
      <path d="M0 380C160 300 340 320 480 350S800 280 1000 320 1160 330 1200 340V440H0Z" fill="#9fbca7" />
      {Array.from({ length: 14 }, (_, i) => (
        <FirTree key={i} x={i * 92 + 20} y={440} h={120 + ((i * 53) % 90)} color="#4b7a5a" />
      ))}
      <rect y="430" width="1200" height="370" fill={`url(#${id.water})`} />
      <g fill="#fffaf0" opacity="0.5">
        <rect x="0" y="440" width="1200" height="16" />
        <rect x="100" y="470" width="700" height="8" />
      </g>
      <g transform="translate(640 610)">
        <path d="M-150 20C-100 34 100 34 160 18L150 8H-150Z" fill="#e39b17" stroke="#1c2a22" strokeWidth="3" />
        <circle cx="0" cy="-170" r="18" fill="#1c2a22" />
        <path d="M0-150V-60M0-60-24 8M0-60 24 8M0-130-36-90M0-130 40-110" stroke="#1c2a22" strokeWidth="14" strokeLinecap="round" />
        <path d="M40-200 60 40" stroke="#3b2a1a" strokeWidth="6" strokeLinecap="round" />
        <path d="M52 20 68 60 58 64Z" fill="#3b2a1a" />
      </g>
      <g stroke="#fffaf0" strokeOpacity="0.7" strokeWidth="4" strokeLinecap="round">
        <path d="M440 660h110M760 670h140M300 720h200M700 740h260" />
      </g>
    </Scene>
  );
}

/** The hiking trail through the firs to the lookout. */
export function TrailScene(props: SceneProps) {
  const id = useIds("sky");
  return (
    <Scene {...props}>
      <defs>
        <linearGradient id={id.sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#a9d2d8" />
          <stop offset="1" stopColor="#eef5ef" />
        </linearGradient>
      </defs>
      <rect width="1200" height="800" fill={`url(#${id.sky})`} />
      <path d="M0 300 180 180 330 280 520 120 760 300 930 190 1200 320V800H0Z" fill="#9fbca7" />
      <path d="M470 160 520 120 570 160 540 150 520 170 500 150Z" fill="#fffaf0" />
      <path d="M0 420C300 360 600 380 1200 400V800H0Z" fill="#6f987b" />
      <path d="M520 800C560 660 600 560 640 470S700 420 720 410C700 430 680 520 700 600S820 760 900 800Z" fill="#d9c08f" />
      {[40, 150, 260, 360, 880, 980, 1080, 1170].map((x, i) => (
        <FirTree key={x} x={x} y={800 - (i % 2) * 30} h={420 + (i % 3) * 90} color={i % 2 ? "#1f3d2b" : "#2d5a3d"} />
      ))}
      {[600, 760, 820].map((x, i) => (
        <FirTree key={x} x={x} y={470 + i * 10} h={120} color="#3a6a4a" />
      ))}
      {Array.from({ length: 9 }, (_, i) => (
        <FlowerShape key={i} x={430 + i * 45} y={690 + ((i * 29) % 60)} r={8} petal={i % 2 ? "#b79ce0" : "#fffaf0"} />
      ))}
    </Scene>
  );
}

/** A frame of capped honey held up to the light, with bees at work. */
export function HoneycombScene(props: SceneProps) {
  const id = useIds("bg", "cell", "frame");
  const cells: { x: number; y: number; capped: boolean }[] = [];
  for (let row = 0; row < 11; row++) {
    for (let col = 0; col < 16; col++) {
      const x = 100 + col * 66 + (row % 2) * 33;
      const y = 120 + row * 57;
      cells.push({ x, y, capped: (row * 7 + col * 3) % 5 !== 0 });
    }
  }
  return (
    <Scene {...props}>
      <defs>
        <linearGradient id={id.bg} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7a4a06" />
          <stop offset="1" stopColor="#3b2a1a" />
        </linearGradient>
        <clipPath id={id.frame}>
          <rect x="69" y="79" width="1062" height="662" />
        </clipPath>
        <radialGradient id={id.cell} cx="0.4" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#fbe3a4" />
          <stop offset="1" stopColor="#e39b17" />
        </radialGradient>
      </defs>
      <rect width="1200" height="800" fill={`url(#${id.bg})`} />
      <rect x="60" y="70" width="1080" height="680" rx="10" fill="#c27a0c" stroke="#5c3805" strokeWidth="18" />
      <g clipPath={`url(#${id.frame})`}>
      {cells.map(({ x, y, capped }) => (
        <path
          key={`${x}-${y}`}
          transform={`translate(${x} ${y})`}
          d="M0-36 31-18v36L0 36-31 18v-36Z"
          fill={capped ? `url(#${id.cell})` : "#9b5c0a"}
          stroke="#7a4a06"
          strokeWidth="4"
        />
      ))}
      </g>
      <BeeShape transform="translate(300 260) scale(2.2) rotate(-15)" />
      <BeeShape transform="translate(720 430) scale(2) rotate(20)" />
      <BeeShape transform="translate(500 560) scale(1.8) rotate(-40)" />
    </Scene>
  );
}

/** The golden rolling hills of Eastern Washington under a wide sky: our long-term site. */
export function EasternHillsScene(props: SceneProps) {
  const id = useIds("sky");
  return (
    <Scene {...props}>
      <defs>
        <linearGradient id={id.sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#8fc1e0" />
          <stop offset="1" stopColor="#fdf3e1" />
        </linearGradient>
      </defs>
      <rect width="1200" height="800" fill={`url(#${id.sky})`} />
      <g fill="#fffaf0" opacity="0.85">
        <ellipse cx="260" cy="160" rx="110" ry="26" />
        <ellipse cx="330" cy="140" rx="70" ry="30" />
        <ellipse cx="880" cy="110" rx="140" ry="24" />
      </g>
      <path d="M0 420C180 340 360 360 520 400S820 330 1000 360 1160 380 1200 370V800H0Z" fill="#e6c47a" />
      <path d="M0 500C220 430 420 470 600 500S960 430 1200 480V800H0Z" fill="#d7a94c" />
      <path d="M0 610C240 550 480 600 720 620S1020 560 1200 590V800H0Z" fill="#b98a2e" />
      <g fill="none" stroke="#9b5c0a" strokeOpacity="0.45" strokeWidth="3">
        <path d="M0 540C200 490 420 520 600 545S960 480 1200 520" />
        <path d="M0 660C240 610 480 650 720 670S1020 620 1200 640" />
        <path d="M0 720C240 680 480 710 720 730S1020 690 1200 700" />
      </g>
      <path d="M0 760C300 720 600 740 1200 730V800H0Z" fill="#4b7a5a" />
      {Array.from({ length: 14 }, (_, i) => (
        <FlowerShape key={i} x={40 + i * 85} y={760 + (i % 3) * 8} r={9} petal={i % 2 ? "#f7cd72" : "#b79ce0"} />
      ))}
      <Hive x={900} y={470} s={0.45} />
      <Hive x={960} y={474} s={0.45} accent="#f7cd72" />
    </Scene>
  );
}

/** Arlington's farmland by the river, our next site. */
export function ArlingtonScene(props: SceneProps) {
  const id = useIds("sky");
  return (
    <Scene {...props}>
      <defs>
        <linearGradient id={id.sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#b7d7e8" />
          <stop offset="1" stopColor="#fbf6ea" />
        </linearGradient>
      </defs>
      <rect width="1200" height="800" fill={`url(#${id.sky})`} />
      <path d="M0 300 200 170 380 260 600 110 820 250 1000 160 1200 280V460H0Z" fill="#9fbca7" />
      <path d="M560 140 600 110 640 140 612 132 600 146 588 132Z" fill="#fffaf0" />
      <path d="M0 440C300 400 700 420 1200 430V800H0Z" fill="#8fb35a" />
      <path d="M0 520C300 490 700 520 1200 500V800H0Z" fill="#6f987b" />
      <path d="M0 600C260 560 520 660 760 620S1100 580 1200 600V660C1100 640 980 650 760 690S260 640 0 670Z" fill="#7fb2c9" />
      <g stroke="#3a6a4a" strokeWidth="3" opacity="0.6">
        {Array.from({ length: 12 }, (_, i) => (
          <path key={i} d={`M${i * 110} 800 ${500 + i * 18} 520`} />
        ))}
      </g>
      <g transform="translate(900 470)">
        <rect x="-70" y="-90" width="140" height="90" fill="#9b2c1f" stroke="#1c2a22" strokeWidth="3" />
        <path d="M-84-88 0-150 84-88Z" fill="#5c3805" stroke="#1c2a22" strokeWidth="3" />
        <rect x="-22" y="-58" width="44" height="58" fill="#fbf6ea" stroke="#1c2a22" strokeWidth="3" />
      </g>
      {[140, 240, 340].map((x) => (
        <Hive key={x} x={x} y={560} s={0.55} />
      ))}
    </Scene>
  );
}
