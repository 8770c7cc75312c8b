import { permissionModule, type PermissionModule } from "../schema/enums";

/** Demo content: the real organisation's programme, as the spec describes it. */

export const demoLocations = [
  {
    name: "Stanwood",
    address: "Lake property, Stanwood, WA 98292",
    timeZone: "America/Los_Angeles",
    amenities: [
      "RV Glamping",
      "Beekeeping Tours",
      "Paddle Boarding",
      "Hiking Trails",
      "Honey Tasting",
      "Lake Access",
      "5.6 acres",
      "17 active beehives",
    ],
  },
  {
    name: "Arlington",
    address: "Arlington, WA 98223",
    timeZone: "America/Los_Angeles",
    amenities: ["240 acres", "Planned apiary expansion", "Pollinator meadows"],
  },
  {
    name: "Eastern Washington",
    address: "Eastern Washington",
    timeZone: "America/Los_Angeles",
    amenities: ["500 acres", "Long-term habitat restoration"],
  },
];

export const demoAssets = [
  {
    location: "Stanwood",
    name: "Lakeside RV Trailer",
    type: "rv" as const,
    status: "available" as const,
    pricePerNight: "165.00",
    checkInTime: "15:00",
    checkOutTime: "11:00",
    description:
      "A fully equipped RV trailer a short walk from the lake and the apiary: queen bed, kitchenette, " +
      "shower, and a deck that looks over the water. Sleeps up to four. Paddle boards and a guided hive " +
      "visit are included with every stay.",
  },
];

/** The Stanwood apiary's first hives in the registry (the property keeps 17). */
export const demoHives = [
  { location: "Stanwood", name: "Lakeside 1", installedOn: "2024-04-20", notes: "Langstroth, by the dock." },
  { location: "Stanwood", name: "Lakeside 2", installedOn: "2024-04-20", notes: "Langstroth, by the dock." },
  { location: "Stanwood", name: "Orchard 1", installedOn: "2025-05-03", notes: "Top-bar hive under the apple trees." },
];

/**
 * Annual prices sit inside the spec's illustrative ranges; monthly prices are set so that
 * paying annually saves 8 % (annual ≈ 12 × monthly × 0.92).
 */
export const demoTiers = [
  {
    name: "Forager",
    description: "Your first hive partnership: follow a colony through the seasons and taste what it makes.",
    priceMonthly: "22.55",
    priceAnnual: "249.00",
    honeyShareKg: "0.45",
    perks: [
      "Up to 1 lb of raw Stanwood honey each season (not guaranteed)",
      "Named sponsor certificate",
      "Seasonal hive reports with photos",
      "Monthly token rewards",
    ],
    displayOrder: 1,
  },
  {
    name: "Guardian",
    description: "Adopt a hive outright and visit it: our most popular way to protect a colony.",
    priceMonthly: "54.25",
    priceAnnual: "599.00",
    honeyShareKg: "2.27",
    perks: [
      "3-5 lb of raw honey each season (not guaranteed)",
      "A day pass to the Stanwood property",
      "10% off stays and workshops",
      "Real-time hive updates",
      "Monthly token rewards",
    ],
    displayOrder: 2,
  },
  {
    name: "Steward",
    description: "Sponsor a small apiary yard and help fund new habitat at our next site.",
    priceMonthly: "181.00",
    priceAnnual: "1999.00",
    honeyShareKg: "6.80",
    perks: [
      "10-15 lb of raw honey each season (not guaranteed)",
      "Two day passes and a guided beekeeping tour",
      "15% off stays and workshops",
      "Voting rights on future locations",
      "Monthly token rewards",
    ],
    displayOrder: 3,
  },
  {
    name: "Colony Partner",
    description: "For businesses: a branded apiary, impact reporting for your team, and a place on our roadmap.",
    priceMonthly: "498.00",
    priceAnnual: "5499.00",
    honeyShareKg: "11.34",
    perks: [
      "Branded hives with your company's name",
      "Corporate honey gifts for your team",
      "Team day at Stanwood with a private hive tour",
      "Quarterly proof-of-impact reports",
      "Voting rights on future locations",
    ],
    displayOrder: 4,
  },
];

export const demoMenuItems = [
  { label: "Home", path: "/", isCustom: false, displayOrder: 0 },
  { label: "Adopt a Hive", path: "/adopt-hive", isCustom: false, displayOrder: 1 },
  { label: "Stanwood Eco-Stays", path: "/stanwood", isCustom: false, displayOrder: 2 },
  { label: "Roadmap", path: "/#roadmap", isCustom: false, displayOrder: 3 },
  { label: "About", path: "/about", isCustom: false, displayOrder: 4 },
  { label: "Blog", path: "/blog", isCustom: false, displayOrder: 5 },
  { label: "Bitcoin Conference", path: "/bitcoin-conference", isCustom: false, displayOrder: 6 },
  { label: "Contact", path: "/contact", isCustom: false, displayOrder: 7 },
];

export const demoPosts = [
  {
    slug: "spring-inspection-at-stanwood",
    title: "Spring inspection at Stanwood: all 17 hives came through winter",
    excerpt:
      "Our first full inspection of the year found every colony alive, queens laying and the first maple pollen coming in.",
    content:
      "<p>On the first warm morning of the year we opened all 17 hives on the Stanwood property. Every colony " +
      "made it through the wet Puget Sound winter, which is far from a given: beekeepers in Washington " +
      "commonly lose a third of their colonies over winter.</p>" +
      "<h2>What we looked for</h2><ul><li>A laying queen and eggs in the brood frames</li>" +
      "<li>Enough stores to bridge the gap until the big spring flow</li><li>Signs of varroa mites</li></ul>" +
      "<p>Sponsors on the Guardian tier and above will find photos of their own hive in this season's report.</p>",
    published: true,
    publishedAt: new Date("2026-04-12T17:00:00Z"),
  },
  {
    slug: "why-we-plant-before-we-place-hives",
    title: "Why we plant before we place hives",
    excerpt:
      "A hive is only as healthy as the forage around it. Here is how the Arlington site's 240 acres will be prepared.",
    content:
      "<p>Putting hives on land without enough flowers only moves the problem. Before the first colony arrives " +
      "at Arlington, we are sowing native pollinator meadows and hedgerows that bloom from early spring to " +
      "late autumn.</p><p>Your sponsorship pays for seed, labour and the years of care a meadow needs " +
      "before it feeds bees on its own.</p>",
    published: true,
    publishedAt: new Date("2026-06-02T17:00:00Z"),
  },
  {
    slug: "honey-harvest-notes-draft",
    title: "Honey harvest notes (draft)",
    excerpt: "Working notes from this summer's extraction days.",
    content: "<p>Draft: extraction days, moisture readings and yields per hive.</p>",
    published: false,
    publishedAt: null,
  },
];

/** The five section titles that pick a content page's background images. */
export const backgroundSectionTitles = [
  "Decentralized Beekeeping Revolution",
  "Tokenized Beekeeping & Hive Adoption",
  "Pure Raw Honey",
  "Glamping & Nature Connection",
  "Web3 Meets Nature",
] as const;

export const demoPages = [
  {
    slug: "about",
    title: "About Apiary",
    metaDescription:
      "Apiary protects honey bees through community hive sponsorship, a working apiary at Stanwood, WA, and eco-stays that fund new habitat.",
    heroTitle: "Bees first, always",
    heroSubtitle: "A conservation apiary on a Washington lake, funded by the people who care about pollinators.",
    heroImage: null,
    sections: [
      {
        title: backgroundSectionTitles[0],
        content:
          "<p>We keep bees in the open: every hive has a public record of inspections, harvests and losses, " +
          "and sponsors help decide where the next apiary goes.</p>",
      },
      {
        title: backgroundSectionTitles[1],
        content:
          "<p>Adopting a hive funds its care for a year. Choose a tier from Forager to Colony Partner; " +
          "if a hive fails, we replace it with another hive or habitat project at the same tier.</p>",
      },
      {
        title: backgroundSectionTitles[2],
        content:
          "<p>Our honey is extracted cold and never blended. Each season's share depends on the bees, " +
          "so quantities are estimates, not promises.</p>",
      },
      {
        title: backgroundSectionTitles[3],
        content:
          "<p>Stay in our lakeside RV at Stanwood: 5.6 acres, 17 active beehives, paddle boarding, hiking " +
          "trails and honey tasting. Every night booked pays for habitat.</p>",
      },
      {
        title: backgroundSectionTitles[4],
        content:
          "<p>Our community token rewards sponsors and records proof of impact: hives kept, acres planted, " +
          "bees protected.</p>",
      },
    ],
  },
];

type Flags = [view: boolean, create: boolean, update: boolean, remove: boolean];
const all: Flags = [true, true, true, true];

export const demoRolePermissions: { role: string; module: PermissionModule; flags: Flags }[] = [
  ...permissionModule.enumValues.map((module) => ({ role: "admin" as const, module, flags: all })),
  // Customers act only on their own records; the features check ownership on top of this.
  { role: "customer", module: "profile", flags: [true, false, true, false] },
  { role: "customer", module: "bookings", flags: [true, true, false, false] },
  { role: "customer", module: "hive_adoptions", flags: [true, true, false, false] },
  { role: "customer", module: "hive_tiers", flags: [true, false, false, false] },
  { role: "customer", module: "locations", flags: [true, false, false, false] },
  { role: "customer", module: "assets", flags: [true, false, false, false] },
  { role: "customer", module: "pages", flags: [true, false, false, false] },
  { role: "customer", module: "posts", flags: [true, false, false, false] },
  { role: "customer", module: "menu_items", flags: [true, false, false, false] },
  // Two example staff roles, held by nobody until an administrator grants them in Manage Roles:
  // the front desk looks after stays and the people behind them, the editor the site's content.
  { role: "front_desk", module: "bookings", flags: [true, true, true, false] },
  { role: "front_desk", module: "hive_adoptions", flags: [true, false, false, false] },
  { role: "front_desk", module: "hives", flags: [true, false, false, false] },
  { role: "front_desk", module: "sponsors", flags: [true, false, true, false] },
  { role: "editor", module: "pages", flags: all },
  { role: "editor", module: "posts", flags: all },
  { role: "editor", module: "menu_items", flags: all },
];
