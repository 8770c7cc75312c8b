/** The administrator the browser tests' servers are configured with (ADMIN_EMAIL / ADMIN_INITIAL_PASSWORD). */
export const E2E_ADMIN = { email: "admin@apiary.test", password: "Meadow-Clover-Orchard-42" };
