-- Issue 30: searches fold the Turkish letters ('sukru' finds 'Şükrü'); the inbox's stored search text had only
-- ı folded to i. Fold the rest of the stored rows the same way (new rows are folded in TypeScript).
UPDATE messages SET search =
  replace(replace(replace(replace(replace(replace(replace(replace(search,
    'ç', 'c'), 'ğ', 'g'), 'ö', 'o'), 'ş', 's'), 'ü', 'u'), 'â', 'a'), 'î', 'i'), 'û', 'u');
