export * from "./enums";
export * from "./auth";
export * from "./accounts";
export * from "./catalog";
export * from "./bookings";
export * from "./adoptions";
export * from "./content";
export * from "./platform";
