-- English versions of what admins write for the customer site: banners, menus, content
-- pages and the footer texts. Each `_en` column sits beside its Polish twin and holds the
-- same kind of value (plain text, sanitised HTML, or a menu's JSON text); '' means "not
-- translated", and the public reads (`lang=en`) then answer the Polish text, field by
-- field (for a menu, the whole item list). See query-api/src/content/common/lang.rs.
alter table banners
    add column title_en text not null default '',
    add column text_en  text not null default '';          -- sanitised HTML

-- `name_en` is the menu's English label: the web reads a footer menu's name aloud to
-- screen readers (its navigation's label).
alter table menus
    add column name_en    text not null default '',
    add column content_en text not null default '';        -- JSON text of items, like `content`

alter table contents
    add column title_en        text not null default '',
    add column keywords_en     text not null default '',
    add column content_en      text not null default '',   -- sanitised HTML
    add column side_content_en text not null default '';   -- sanitised HTML

alter table companies
    add column page_footer_1_en text not null default '',  -- sanitised HTML
    add column page_footer_2_en text not null default '';  -- sanitised HTML
