-- The member's language (issue 16): the language of the sign-up, so that later account mails (a
-- password reset asked from another browser) are written in it. NULL for accounts made before, by the
-- CLI or by Google sign-in: their mails follow the request's language. One of the site's codes
-- (shell.md §9); the code checks the list, the column only the shape, so a new language needs no migration.
ALTER TABLE users ADD COLUMN language text CHECK (language ~ '^[a-z]{2}$');
