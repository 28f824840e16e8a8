-- Issue 34: country codes are one case everywhere, lower case as the spec writes them (gb, de, us:
-- shell.md §9, content.md §4) and as the read calls' URLs carry them. The demo seed stored `DE` while
-- the pornstars filter compared `de`, so the filter found no one. Existing rows are lower-cased here;
-- a trigger lower-cases every later write, whatever writes it (the console, a member's profile, a seed,
-- plain SQL), so a comparison never has to guess the case.
UPDATE models SET country = lower(country) WHERE country IS DISTINCT FROM lower(country);
UPDATE users SET country = lower(country) WHERE country IS DISTINCT FROM lower(country);
UPDATE videos SET country = lower(country) WHERE country IS DISTINCT FROM lower(country);

CREATE FUNCTION lower_country_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.country := lower(NEW.country);
  RETURN NEW;
END $$;

CREATE TRIGGER models_country_lower BEFORE INSERT OR UPDATE OF country ON models
  FOR EACH ROW EXECUTE FUNCTION lower_country_code();
CREATE TRIGGER users_country_lower BEFORE INSERT OR UPDATE OF country ON users
  FOR EACH ROW EXECUTE FUNCTION lower_country_code();
CREATE TRIGGER videos_country_lower BEFORE INSERT OR UPDATE OF country ON videos
  FOR EACH ROW EXECUTE FUNCTION lower_country_code();
