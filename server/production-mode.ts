// Imported first by the entry: React and other libraries pick their production build from
// NODE_ENV when they load, so `npm start` must not run them in development mode by default.
process.env.NODE_ENV ??= "production";
