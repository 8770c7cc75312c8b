-- What a signed-in request resolves from its session cookie (the session, its user, the
-- profile and roles) is kept in memory for a minute at most (app/features/accounts/session.server.ts):
-- every instance must hear when a session or a user changes. Profiles and roles are watched already.
SELECT watch_table_changes('sessions');--> statement-breakpoint
SELECT watch_table_changes('users');
