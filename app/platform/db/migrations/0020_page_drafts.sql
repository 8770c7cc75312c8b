-- Pages get a draft state: a draft is seen only in the back-office. Every page made before
-- this was live, and stays so (the default); the editor makes new pages as drafts.
ALTER TABLE "pages" ADD COLUMN "published" boolean DEFAULT true NOT NULL;
