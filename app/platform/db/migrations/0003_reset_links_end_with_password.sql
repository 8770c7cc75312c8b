-- A password-reset link dies as soon as the password changes, however it changed: a reset with
-- another link, the change form, an administrator's first-login change or one made by hand.
-- Better Auth keeps a reset link as a verification whose value is the user's id (its identifier
-- is hashed); no other verification of this application holds a bare user id.
CREATE FUNCTION end_reset_links_on_password_change() RETURNS trigger AS $$
BEGIN
  DELETE FROM "verifications" WHERE "value" = NEW."user_id";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER accounts_end_reset_links AFTER UPDATE OF "password" ON "accounts"
  FOR EACH ROW WHEN (OLD."password" IS DISTINCT FROM NEW."password")
  EXECUTE FUNCTION end_reset_links_on_password_change();
