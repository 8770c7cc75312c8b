export const ssoCallbackPath = "/api/auth/sso/callback";
