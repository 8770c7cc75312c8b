import { UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { pinnedGoogleProfile } from "./google-issuer";

const GOOGLE_DISCOVERY = "https://accounts.google.com/.well-known/openid-configuration";
const token = (claims: Record<string, unknown>) => new UnsecuredJWT(claims).encode();
const person = { sub: "1098", email: "maya@example.com", email_verified: true, name: "Maya" };

describe("the redirect sign-in's issuer pin", () => {
  it("takes the profile from a token of the issuer the discovery document's address gives (Google's both spellings), and from no other", () => {
    const profile = { id: "1098", sub: "1098", email: "maya@example.com", emailVerified: true, name: "Maya" };
    expect(pinnedGoogleProfile(token({ ...person, iss: "https://accounts.google.com" }), GOOGLE_DISCOVERY)).toEqual(profile);
    expect(pinnedGoogleProfile(token({ ...person, iss: "accounts.google.com" }), GOOGLE_DISCOVERY)).toEqual(profile);
    // A document that named another issuer had its tokens verified against that one by Better Auth: refused here.
    expect(pinnedGoogleProfile(token({ ...person, iss: "https://accounts.google.com.evil.example" }), GOOGLE_DISCOVERY)).toBeNull();
    expect(pinnedGoogleProfile(token({ ...person, iss: "https://accounts.google.com" }), "http://127.0.0.1:9/.well-known/openid-configuration")).toBeNull();
    expect(pinnedGoogleProfile(token({ ...person, iss: "http://127.0.0.1:9" }), "http://127.0.0.1:9/.well-known/openid-configuration")).toMatchObject({ sub: "1098" });
    expect(pinnedGoogleProfile(token({ sub: "1098", email: "maya@example.com" }), GOOGLE_DISCOVERY)).toBeNull();
    expect(pinnedGoogleProfile(undefined, GOOGLE_DISCOVERY)).toBeNull();
    expect(pinnedGoogleProfile("not a token", GOOGLE_DISCOVERY)).toBeNull();
  });
});
