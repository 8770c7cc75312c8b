-- Locations and Assets refresh open back-office lists live (a location's asset count included).
SELECT watch_table_changes('locations');--> statement-breakpoint
SELECT watch_table_changes('assets');
