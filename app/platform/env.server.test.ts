import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("configuration", () => {
  it("has working defaults: embedded database, port 3000", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe("./data");
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.WEB_CONCURRENCY).toBe(1);
    // No social link unless the organisation gives one: the footer shows none then.
    expect([env.SOCIAL_FACEBOOK_URL, env.SOCIAL_X_URL, env.SOCIAL_YOUTUBE_URL]).toEqual([undefined, undefined, undefined]);
  });

  it("treats an empty DATABASE_URL as unset and trims APP_URL's trailing slash", () => {
    const env = parseEnv({ DATABASE_URL: "", APP_URL: "https://apiary.example/" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.APP_URL).toBe("https://apiary.example");
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT must be a whole number between 1 and 65535 \(got "abc"\)$/],
    [{ PORT: "70000" }, /PORT must be a whole number between 1 and 65535/],
    [{ DATABASE_URL: "mysql://db/x" }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ SMTP_URL: "http://mail" }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ CONTACT_TO: "not-an-address" }, /CONTACT_TO must be an e-mail address/],
    [{ APP_URL: "localhost" }, /APP_URL must be an http:\/\/ or https:\/\/ URL/],
    [{ SOCIAL_X_URL: "javascript:alert(1)" }, /SOCIAL_X_URL must be an https:\/\/ URL/],
    [{ SOCIAL_FACEBOOK_URL: "http://facebook.com/apiary" }, /SOCIAL_FACEBOOK_URL must be an https:\/\/ URL/],
    [{ WEB_CONCURRENCY: "0" }, /^Invalid configuration: WEB_CONCURRENCY must be a whole number from 1 to 64 \(got "0"\)$/],
    [{ WEB_CONCURRENCY: "two" }, /^Invalid configuration: WEB_CONCURRENCY must be a whole number from 1 to 64 \(got "two"\)$/],
    [{ WEB_CONCURRENCY: "2" }, /^Invalid configuration: WEB_CONCURRENCY may be above 1 only with DATABASE_URL: .+ \(got "2"\)$/],
  ])("refuses %o with one line naming the variable", (source, message) => {
    let error: unknown;
    try {
      parseEnv(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("\n");
  });

  it("runs several server processes only on PostgreSQL", () => {
    expect(parseEnv({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://db/apiary" }).WEB_CONCURRENCY).toBe(4);
    expect(parseEnv({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
  });

  it("never echoes a password from a URL", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://user:s3cret@db/x" })).toThrow(/\*\*\*/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://user:s3cret@db/x" })).not.toThrow(/s3cret/);
  });
});
