/**
 * Settings every test server and test platform shares. scrypt at N = 2^10 hashes in about a
 * millisecond instead of a few hundred: thousands of sign-ups take seconds. Stored hashes name
 * their cost, so verification is the production code path either way.
 */
export const TEST_PASSWORD_HASH_LOG_N = 10;

export const testServerSettings = {
  NODE_ENV: "test",
  PASSWORD_HASH_LOG_N: String(TEST_PASSWORD_HASH_LOG_N),
  // Calendar feeds in the tests are served on 127.0.0.1.
  CALENDAR_FETCH_ALLOW_LOOPBACK: "true",
  // So is the OpenID provider of the staff's single sign-on.
  SSO_ALLOW_LOOPBACK: "true",
  // Two of the three social links: the footer shows those, and not the one left unset.
  SOCIAL_FACEBOOK_URL: "https://www.facebook.com/apiary.bees",
  SOCIAL_YOUTUBE_URL: "https://www.youtube.com/@apiary-bees",
} as const;
