-- The public pages are cached until a table they read changes (server/page-cache.ts), and
-- every instance hears of a change through this feed: every table a public page reads is
-- watched. Posts (the blog) and the nights each stay holds (the calendar on /stanwood) were not.
SELECT watch_table_changes('posts');--> statement-breakpoint
SELECT watch_table_changes('asset_nights');
